/** The peer's answers to a submission through the API (CreateRoutingFormResponseOutputData) and to calculate-slots, and its PATCH body. */
import { z } from "zod";
import { ZSlotsOutput } from "../slots/slots-2024-09-04";
import { ZRoutingFormAnswers } from "./routing-form.schemas";

export const ZCreateResponseOutput = z.object({
  eventTypeId: z.number().int().optional().describe("The event type the answers routed to"),
  routing: z
    .object({
      responseId: z.number().int().describe("The stored response: pass `routing` as is to POST /v2/bookings"),
      teamMemberIds: z.array(z.number().int()).describe("The round robin's hosts the route chose (empty: every host)"),
    })
    .optional(),
  routingCustomMessage: z.string().optional().describe("The message to show, when the answers routed to one"),
  routingExternalRedirectUrl: z.string().optional().describe("Where to send the booker, when the answers routed outside Convene"),
  slots: ZSlotsOutput.optional().describe("The routed event type's slots in the query's range (GET /v2/slots' answer)"),
});

export const ZRoutedSlotsOutput = z.object({ eventTypeId: z.number().int(), slots: ZSlotsOutput });

export const ZUpdateResponseInput = z
  .object({ response: ZRoutingFormAnswers.optional().describe("Answers to replace, by question identifier (or id)") })
  .strict();
