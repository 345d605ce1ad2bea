/**
 * The peer's list queries of routing forms and of their responses (skip, take, sort by creation or update, time
 * windows, the booking a response led to; teamIds on the organization's list), and the path parameters.
 */
import { z } from "zod";
import { ZIdParam } from "../http/ids";
import { ZPaginationQuery } from "../http/pagination";
import { ZOrgIdParams, ZOrgTeamParams } from "../organizations/org-teams.schemas";
import { ZIdList } from "../organizations/org-users.schemas";
import { ZTimestamp } from "../time/timestamps";

const ZSort = z.enum(["asc", "desc"]);

export const ZResponsesQuery = ZPaginationQuery.extend({
  sortCreatedAt: ZSort.optional().describe("Sort by creation time"),
  sortUpdatedAt: ZSort.optional().describe("Sort by update time"),
  afterCreatedAt: ZTimestamp().optional().describe("Only those created at or after this time"),
  beforeCreatedAt: ZTimestamp().optional().describe("Only those created at or before this time"),
  afterUpdatedAt: ZTimestamp().optional().describe("Only those updated at or after this time"),
  beforeUpdatedAt: ZTimestamp().optional().describe("Only those updated at or before this time"),
  routedToBookingUid: z.string().min(1).max(64).optional().describe("Only the responses (or the forms with a response) that led to this booking"),
});
export type TResponsesQuery = z.output<typeof ZResponsesQuery>;

export const ZRoutingFormsQuery = ZResponsesQuery;
export const ZOrgRoutingFormsQuery = ZResponsesQuery.extend({
  teamIds: ZIdList.optional().describe("Only the forms of these teams of the organization, comma-separated"),
});
export type TRoutingFormsQuery = z.output<typeof ZOrgRoutingFormsQuery>;

const ZFormId = z.string().min(1).max(64).describe("The routing form's id");
export const ZRoutingFormIdParams = z.object({ routingFormId: ZFormId });
export const ZTeamRoutingFormsParams = z.object({ teamId: ZIdParam });
export const ZTeamRoutingFormParams = ZTeamRoutingFormsParams.extend({ routingFormId: ZFormId });
export const ZOrgRoutingFormParams = ZOrgIdParams.extend({ routingFormId: ZFormId });
export const ZOrgRoutingFormResponseParams = ZOrgRoutingFormParams.extend({ responseId: ZIdParam });
export const ZOrgTeamRoutingFormParams = ZOrgTeamParams.extend({ routingFormId: ZFormId });
export const ZOrgTeamRoutingFormResponseParams = ZOrgTeamRoutingFormParams.extend({ responseId: ZIdParam });
export const ZRoutingFormResponseParams = ZRoutingFormIdParams.extend({ responseId: ZIdParam });
