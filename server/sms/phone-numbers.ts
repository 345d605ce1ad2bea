/** Phone numbers as SMS providers take them: E.164 (a "+", a country code, at most 15 digits, no leading zero). */
const E164 = /^\+[1-9]\d{6,14}$/;

export const isE164 = (value: string): boolean => E164.test(value);

/** Spaces, dots, dashes and brackets a person types are dropped; anything else must already be E.164. */
export function toE164(value: string): string | null {
  const compact = value.replace(/[\s.()-]/g, "");
  return isE164(compact) ? compact : null;
}

/**
 * Twilio's default opt-out and opt-in words (its "STOP filtering" for long codes): a reply that is exactly one of
 * them, in any case and with surrounding spaces or punctuation, changes whether the number gets our messages.
 */
export const OPT_OUT_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"] as const;
export const OPT_IN_WORDS = ["START", "UNSTOP", "YES"] as const;

export function keywordOf(body: string): "opt-out" | "opt-in" | null {
  const word = body
    .trim()
    .replace(/[.!?\s]+$/, "")
    .replace(/[\s-]/g, "")
    .toUpperCase();
  if ((OPT_OUT_WORDS as readonly string[]).includes(word)) return "opt-out";
  if ((OPT_IN_WORDS as readonly string[]).includes(word)) return "opt-in";
  return null;
}
