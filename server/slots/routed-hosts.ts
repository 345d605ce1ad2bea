/**
 * A round robin narrowed by a routing form (server/routing-forms): its fixed hosts and, of its rotating hosts, those
 * the form's route chose. The slots a routed booker sees and the booking they make both read the narrowed hosts, so
 * the two cannot disagree. Nothing chosen, or none of the chosen a rotating host here, keeps every host: a routed
 * booker is never left with nobody to book. Pure.
 */
export function withRoutedHosts<T extends { schedulingType: string | null; hosts: readonly { userId: number; isFixed: boolean }[] }>(
  eventType: T,
  teamMemberIds: readonly number[] | undefined,
): T {
  if (!teamMemberIds?.length || eventType.schedulingType !== "ROUND_ROBIN") return eventType;
  const kept = eventType.hosts.filter((host) => host.isFixed || teamMemberIds.includes(host.userId));
  if (!kept.some((host) => !host.isFixed)) return eventType;
  return { ...eventType, hosts: kept };
}
