/**
 * Secrets we must read back (calendar credentials, webhook signing secrets), at rest: AES-256-GCM under
 * CALENDAR_ENCRYPTION_KEY (one key for every such secret), each bound through its associated data to the row it
 * belongs to, so a ciphertext copied onto another row does not decrypt.
 *
 * Without the variable: `npm start` generates one into .data/; outside production a fixed development key is
 * derived (so `next dev` and the unit tests work); in production nothing is encrypted or decrypted until the
 * operator sets it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "../env";
import { AppError } from "../errors";
import { log } from "../log";

const FORMAT = "v1";

/** A deployment problem, not the secret's: nothing is marked invalid because of it. */
export class MissingEncryptionKeyError extends AppError {
  constructor(feature = "Stored secrets") {
    super("INTERNAL_SERVER_ERROR", `${feature} are unavailable: this server has no CALENDAR_ENCRYPTION_KEY`);
  }
}
let warnedAboutDevKey = false;

function encryptionKey(): Buffer {
  const configured = env().CALENDAR_ENCRYPTION_KEY;
  if (configured) return Buffer.from(configured, "base64");
  if (env().NODE_ENV === "production") throw new MissingEncryptionKeyError();
  if (!warnedAboutDevKey) {
    warnedAboutDevKey = true;
    log.warn("CALENDAR_ENCRYPTION_KEY is not set; using the fixed development key (never in production)");
  }
  return createHash("sha256").update("convene development calendar key: not a secret").digest();
}

/** `v1.<iv>.<ciphertext>.<tag>`, each base64url; `binding` names the row (and purpose) it belongs to. */
export function sealSecret(plaintext: string, binding: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  cipher.setAAD(Buffer.from(binding, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [FORMAT, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** Throws when the value was not sealed under this key with this binding, or was altered. */
export function openSecret(stored: string, binding: string): string {
  const [format, iv, ciphertext, tag] = stored.split(".");
  if (format !== FORMAT || !iv || ciphertext === undefined || !tag) throw new Error("Unrecognised sealed secret format");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(binding, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
