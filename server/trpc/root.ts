import { router } from "./init";
import { apiKeysRouter } from "./routers/api-keys";
import { accountRouter } from "./routers/account";
import { authRouter } from "./routers/auth";
import { availabilityRouter } from "./routers/availability";
import { bookingsRouter } from "./routers/bookings";
import { calendarsRouter } from "./routers/calendars";
import { authorizedAppsRouter } from "./routers/authorized-apps";
import { bookingManageRouter } from "./routers/booking-manage";
import { bookingPageRouter } from "./routers/booking-page";
import { eventTypesRouter } from "./routers/event-types";
import { conferencingRouter } from "./routers/conferencing";
import { oauthClientsRouter } from "./routers/oauth-clients";
import { oauthReviewRouter } from "./routers/oauth-review";
import { onboardingRouter } from "./routers/onboarding";
import { organizationsRouter } from "./routers/organizations";
import { teamsRouter } from "./routers/teams";
import { webhooksRouter } from "./routers/webhooks";
import { routingFormsRouter } from "./routers/routing-forms";
import { workflowsRouter } from "./routers/workflows";

export const appRouter = router({
  auth: authRouter,
  apiKeys: apiKeysRouter,
  oauthClients: oauthClientsRouter,
  authorizedApps: authorizedAppsRouter,
  oauthReview: oauthReviewRouter,
  onboarding: onboardingRouter,
  bookingPage: bookingPageRouter,
  bookingManage: bookingManageRouter,
  teams: teamsRouter,
  webhooks: webhooksRouter,
  availability: availabilityRouter,
  account: accountRouter,
  bookings: bookingsRouter,
  calendars: calendarsRouter,
  eventTypes: eventTypesRouter,
  organizations: organizationsRouter,
  conferencing: conferencingRouter,
  workflows: workflowsRouter,
  routingForms: routingFormsRouter,
});

export type AppRouter = typeof appRouter;
