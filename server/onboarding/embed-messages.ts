/**
 * The messages the embedded flow posts to the embedding page, always to the verified origin (never "*").
 * Every one is built here, by `embedMessage`, so all of them have the one wire shape: `{ type, ...fields,
 * data: fields }`. Convene's own OnboardingEmbed reads `data`; the peer's published component reads the
 * same fields at the top level (`event.data.code`, `.state`, `.width`, `.height`, `.message`), so an app
 * that only changes `host` keeps working.
 */
export type EmbedErrorCode = "INVALID_PROPS" | "SIGNUP_FAILED" | "ONBOARDING_FAILED" | "AUTHORIZATION_FAILED" | "STATE_MISMATCH" | "UNKNOWN";

export type EmbedMessages = {
  "onboarding:resize": { width: number; height: number };
  "authorization:allowed": { code: string; state: string };
  /** As the OAuth redirect would say it: a component that builds `?error=…&state=…` from the message finds both. */
  "authorization:denied": { error: "access_denied"; state: string };
  "onboarding:error": { code: EmbedErrorCode; message: string };
  "onboarding:close": Record<string, never>;
};

export type EmbedMessageType = keyof EmbedMessages;
/** Distributes over a union of types, so `type` narrows `data`. */
export type EmbedMessage<T extends EmbedMessageType = EmbedMessageType> = T extends EmbedMessageType
  ? { type: T; data: EmbedMessages[T] } & EmbedMessages[T]
  : never;

// `type` and `data` are written after the fields so no field can overwrite them.
export const embedMessage = <T extends EmbedMessageType>(type: T, data: EmbedMessages[T]) => ({ ...data, type, data }) as EmbedMessage<T>;
