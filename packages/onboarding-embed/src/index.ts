export { OnboardingEmbed } from "./onboarding-embed.js";
export { DEFAULT_HOST } from "./props.js";
export type { AuthorizationProps, OnboardingEmbedProps, OnboardingError, OnboardingErrorCode, OnboardingTheme } from "./types.js";
