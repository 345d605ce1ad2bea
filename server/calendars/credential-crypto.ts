/**
 * Calendar credentials at rest: AES-256-GCM under CALENDAR_ENCRYPTION_KEY, bound (as associated data)
 * to the row's owner and type so a ciphertext copied onto another user's row does not decrypt.
 *
 * Without the variable: `npm start` generates one into .data/; outside production a fixed development
 * key is derived (so `next dev` and the unit tests work); in production nothing is encrypted or
 * decrypted until the operator sets it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "../env";
import { AppError } from "../errors";
import { log } from "../log";

const FORMAT = "v1";

/** A deployment problem, not the credential's: nothing is marked invalid because of it. */
export class MissingCalendarKeyError extends AppError {
  constructor() {
    super("INTERNAL_SERVER_ERROR", "Calendar connections are unavailable: this server has no CALENDAR_ENCRYPTION_KEY");
  }
}
let warnedAboutDevKey = false;

function encryptionKey(): Buffer {
  const configured = env().CALENDAR_ENCRYPTION_KEY;
  if (configured) return Buffer.from(configured, "base64");
  if (env().NODE_ENV === "production") {
    throw new MissingCalendarKeyError();
  }
  if (!warnedAboutDevKey) {
    warnedAboutDevKey = true;
    log.warn("CALENDAR_ENCRYPTION_KEY is not set; using the fixed development key (never in production)");
  }
  return createHash("sha256").update("convene development calendar key: not a secret").digest();
}

const associatedData = (owner: { userId: number; type: string }) => Buffer.from(`${owner.userId}:${owner.type}`, "utf8");

/** `v1.<iv>.<ciphertext>.<tag>`, each base64url. */
export function encryptSecret(plaintext: string, owner: { userId: number; type: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  cipher.setAAD(associatedData(owner));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [FORMAT, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** Throws when the value was not made by encryptSecret under this key for this owner, or was altered. */
export function decryptSecret(stored: string, owner: { userId: number; type: string }): string {
  const [format, iv, ciphertext, tag] = stored.split(".");
  if (format !== FORMAT || !iv || ciphertext === undefined || !tag) throw new Error("Unrecognised calendar credential format");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
  decipher.setAAD(associatedData(owner));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
