/**
 * Duplicating an event type (the site's "Duplicate"): its settings read back through the same get use case and
 * written as a new event type through the same create use case, so every rule (slug per owner, own schedule, the
 * team permission) is the one /v2 applies. Only the title, slug and length are chosen anew.
 */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { eventTypesVisibleTo } from "./event-type-access";
import { eventTypeInput } from "./event-type-input";
import { ZDuplicateEventTypeInput, type TDuplicateEventTypeInput } from "./event-type-duplicate.schemas";
import { createEventType, eventTypeNotFound, getEventType } from "./event-type.service";
import { createTeamEventType, getTeamEventType } from "./team-event-type.service";

/** Whose event type this is, for the site's editor: its team, or null for the actor's own. Invisible ones are a 404. */
export async function eventTypeTeamOf(actor: Actor, eventTypeId: number): Promise<number | null> {
  const row = await db.eventType.findFirst({ where: { AND: [{ id: eventTypeId }, eventTypesVisibleTo(actor)] }, select: { teamId: true } });
  if (!row) throw eventTypeNotFound();
  return row.teamId;
}

/** The copy keeps the length options only when they still include the chosen length. */
function copiedFields(source: Parameters<typeof eventTypeInput>[0], input: TDuplicateEventTypeInput) {
  const { lengthInMinutesOptions, ...fields } = eventTypeInput(source);
  const chosen = ZDuplicateEventTypeInput.parse(input);
  return { ...fields, ...chosen, lengthInMinutesOptions: lengthInMinutesOptions.includes(chosen.lengthInMinutes) ? lengthInMinutesOptions : [] };
}

export async function duplicateEventType(actor: Actor, eventTypeId: number, input: TDuplicateEventTypeInput) {
  return createEventType(actor, copiedFields(await getEventType(actor, eventTypeId), input));
}

export async function duplicateTeamEventType(actor: Actor, teamId: number, eventTypeId: number, input: TDuplicateEventTypeInput) {
  const source = await getTeamEventType(actor, teamId, eventTypeId);
  const hosts = source.assignAllTeamMembers ? {} : { hosts: source.hostDetails.map(({ userId, mandatory, priority }) => ({ userId, mandatory, priority })) };
  return createTeamEventType(actor, teamId, {
    ...copiedFields(source, input),
    schedulingType: source.schedulingType,
    assignAllTeamMembers: source.assignAllTeamMembers,
    ...hosts,
  });
}
