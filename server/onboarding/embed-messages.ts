/**
 * The messages the embedded flow posts to the embedding page, always to the verified origin (never "*").
 * Shared with the OnboardingEmbed package's protocol: `{ type, data }`.
 */
export type EmbedErrorCode = "INVALID_PROPS" | "SIGNUP_FAILED" | "ONBOARDING_FAILED" | "AUTHORIZATION_FAILED" | "STATE_MISMATCH" | "UNKNOWN";

export type EmbedMessages = {
  "onboarding:resize": { width: number; height: number };
  "authorization:allowed": { code: string; state: string };
  "authorization:denied": Record<string, never>;
  "onboarding:error": { code: EmbedErrorCode; message: string };
  "onboarding:close": Record<string, never>;
};

export type EmbedMessageType = keyof EmbedMessages;
/** Distributes over a union of types, so `type` narrows `data`. */
export type EmbedMessage<T extends EmbedMessageType = EmbedMessageType> = T extends EmbedMessageType ? { type: T; data: EmbedMessages[T] } : never;

export const embedMessage = <T extends EmbedMessageType>(type: T, data: EmbedMessages[T]) => ({ type, data }) as EmbedMessage<T>;
