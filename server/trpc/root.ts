import { router } from "./init";
import { apiKeysRouter } from "./routers/api-keys";
import { accountRouter } from "./routers/account";
import { authRouter } from "./routers/auth";
import { availabilityRouter } from "./routers/availability";
import { authorizedAppsRouter } from "./routers/authorized-apps";
import { bookingPageRouter } from "./routers/booking-page";
import { conferencingRouter } from "./routers/conferencing";
import { oauthClientsRouter } from "./routers/oauth-clients";
import { oauthReviewRouter } from "./routers/oauth-review";
import { onboardingRouter } from "./routers/onboarding";
import { teamsRouter } from "./routers/teams";
import { webhooksRouter } from "./routers/webhooks";

export const appRouter = router({
  auth: authRouter,
  apiKeys: apiKeysRouter,
  oauthClients: oauthClientsRouter,
  authorizedApps: authorizedAppsRouter,
  oauthReview: oauthReviewRouter,
  onboarding: onboardingRouter,
  bookingPage: bookingPageRouter,
  teams: teamsRouter,
  webhooks: webhooksRouter,
  availability: availabilityRouter,
  account: accountRouter,
  conferencing: conferencingRouter,
});

export type AppRouter = typeof appRouter;
