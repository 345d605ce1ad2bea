export { OnboardingEmbed } from "./onboarding-embed.js";
export { LOAD_TIMEOUT_MS } from "./load-timeout.js";
export type { AuthorizationProps, OnboardingEmbedProps, OnboardingError, OnboardingErrorCode, OnboardingTheme } from "./types.js";
