import { cancelFromManageLink, rescheduleFromManageLink } from "../../bookings/manage-link.service";
import { ZManageCancelInput, ZManageRescheduleInput } from "../../bookings/manage-link.schemas";
import { publicProcedure, router } from "../init";

/** The attendee's actions from the link in their mails: no session, the link's token authorizes (manage-link.ts). */
export const bookingManageRouter = router({
  cancel: publicProcedure.input(ZManageCancelInput).mutation(({ input }) => cancelFromManageLink(input)),
  reschedule: publicProcedure.input(ZManageRescheduleInput).mutation(({ input }) => rescheduleFromManageLink(input)),
});
