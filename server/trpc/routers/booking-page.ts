import { ZBookingPageSlotsInput } from "../../booking-page/booking-page.schemas";
import { bookFromPage, listBookingPageDays } from "../../booking-page/booking-page.service";
import { ZCreateBookingInput } from "../../bookings/booking.schemas";
import { publicProcedure, router } from "../init";

/** The public booking page: open to visitors without a session, like GET /v2/slots/available and POST /v2/bookings. */
export const bookingPageRouter = router({
  slots: publicProcedure.input(ZBookingPageSlotsInput).query(({ input }) => listBookingPageDays(input)),
  // The v2 body schema itself: the same fields, limits and messages as POST /v2/bookings.
  book: publicProcedure.input(ZCreateBookingInput).mutation(({ ctx, input }) => bookFromPage(input, ctx.clientAddress)),
});
