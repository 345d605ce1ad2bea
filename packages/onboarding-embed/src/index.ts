export { OnboardingEmbed } from "./onboarding-embed.js";
export type { AuthorizationProps, OnboardingEmbedProps, OnboardingError, OnboardingErrorCode, OnboardingTheme } from "./types.js";
