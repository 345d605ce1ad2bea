/**
 * Calendar credentials at rest: sealed by server/security/secret-box.ts, bound to the row's owner and type so a
 * ciphertext copied onto another user's row does not decrypt.
 */
import { MissingEncryptionKeyError, openSecret, sealSecret } from "../security/secret-box";

/** A deployment problem, not the credential's: nothing is marked invalid because of it. */
export { MissingEncryptionKeyError as MissingCalendarKeyError };

type Owner = { userId: number; type: string };
const binding = (owner: Owner) => `${owner.userId}:${owner.type}`;

export const encryptSecret = (plaintext: string, owner: Owner): string => sealSecret(plaintext, binding(owner));

/** Throws when the value was not made by encryptSecret under this key for this owner, or was altered. */
export const decryptSecret = (stored: string, owner: Owner): string => openSecret(stored, binding(owner));
