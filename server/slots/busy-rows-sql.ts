/**
 * The SQL of the busy-time reads (slot-inputs.ts): each host's live bookings, unexpired holds and out-of-office periods
 * as rows of whole-minute spans, and the check a booking's batch runs under the host locks. Texts only; slot-inputs.ts
 * sends them and reads their rows.
 */

/**
 * The live host rows (BookingHost, as `bh`) of the hosts in array parameter `hosts` that overlap `from`–`to`, found
 * through the exclusion constraint's GiST index by host AND time: "start < $3" on the (host, start) index would walk the
 * host's whole history, which grows with every booking.
 * One index scan per host, by construction: the subquery runs once per host (OFFSET 0 keeps it from being merged into
 * the outer query). Written as `bh."userId" = ANY($1)`, the planner may use the index for the time alone and filter
 * the hosts after (a GiST index takes `= ANY` only in a bitmap scan, costed for an array of unknown length in a
 * batch's generic plan, statement-batch.ts). The bench's plans did: every host's bookings at that time were read,
 * 1 200 rows to find 48, and at 1 000 busy hosts 10 ms instead of 0.2.
 */
const liveHostRows = (hosts: string, from: string, to: string) => `
  (SELECT DISTINCT unnest(${hosts}::int[])) AS host(id)
  CROSS JOIN LATERAL (
    SELECT h."userId", h."bookingId", h.start, h."end" FROM "BookingHost" h
     WHERE h."userId" = host.id AND h."isLive"
       AND tsrange(h.start, h."end") && tsrange(${from}::timestamptz AT TIME ZONE 'UTC', ${to}::timestamptz AT TIME ZONE 'UTC')
    OFFSET 0) AS bh`;

/**
 * Live bookings of hosts $1 between $2 and $3 (the booking with uid $4 excepted), one row per host and event type,
 * grouped before the event type's buffers are joined, so no sort of every period. A host row counts while it is live
 * and its booking is ACCEPTED or PENDING (both are checked: a row left live by mistake must not block).
 */
export const BOOKED_ROWS = `
  SELECT 'booking' AS kind, per."userId", COALESCE(et."beforeEventBuffer", 0) AS before, COALESCE(et."afterEventBuffer", 0) AS after, per.spans
    FROM (SELECT bh."userId", b."eventTypeId",
                 string_agg(floor(date_part('epoch', bh.start) / 60)::int || ',' || ceil(date_part('epoch', bh."end") / 60)::int, ',') AS spans
            FROM ${liveHostRows("$1", "$2", "$3")}
            JOIN "Booking" b ON b.id = bh."bookingId"
           WHERE b.status IN ('ACCEPTED', 'PENDING') AND ($4::text IS NULL OR b.uid <> $4::text)
           GROUP BY bh."userId", b."eventTypeId") AS per
    LEFT JOIN "EventType" et ON et.id = per."eventTypeId"`;

/**
 * Unexpired holds on hosts $1 between $2 and $3 (the hold with uid $h excepted; $now decides expiry), and, when $on,
 * their out-of-office periods between $from and $to. Parameter numbers are given so both statements below can use it.
 */
const holdsAndAwayRows = (h: string, now: string, on: string, from: string, to: string) => `
  SELECT 'hold', held."userId", et."beforeEventBuffer", et."afterEventBuffer",
         string_agg(floor(date_part('epoch', held.start) / 60)::int || ',' || ceil(date_part('epoch', held."end") / 60)::int, ',')
    FROM (SELECT unnest(r."hostIds") AS "userId", r."eventTypeId", r.start, r."end"
            FROM "SlotReservation" r
           WHERE r."hostIds" && $1::int[] AND r."expiresAt" > (${now}::timestamptz AT TIME ZONE 'UTC')
             AND r.start < ($3::timestamptz AT TIME ZONE 'UTC') AND r."end" > ($2::timestamptz AT TIME ZONE 'UTC')
             AND (${h}::text IS NULL OR r.uid <> ${h}::text)) AS held
    JOIN "EventType" et ON et.id = held."eventTypeId"
   WHERE held."userId" = ANY($1::int[])
   GROUP BY held."userId", et."beforeEventBuffer", et."afterEventBuffer"
  UNION ALL
  SELECT 'away', o."userId", 0, 0, string_agg(floor(date_part('epoch', o.start) / 60)::int || ',' || ceil(date_part('epoch', o."end") / 60)::int, ',')
    FROM "OutOfOffice" o
   WHERE ${on}::boolean AND o."userId" = ANY($1::int[])
     AND o.start < (${to}::timestamptz AT TIME ZONE 'UTC') AND o."end" > (${from}::timestamptz AT TIME ZONE 'UTC')
   GROUP BY o."userId"
  UNION ALL
  SELECT 'redirecting', o."userId", 0, 0, ''
    FROM "OutOfOffice" o
   WHERE ${on}::boolean AND o."userId" = ANY($1::int[]) AND o."redirectToUserId" IS NOT NULL
     AND o.start < (${to}::timestamptz AT TIME ZONE 'UTC') AND o."end" > (${from}::timestamptz AT TIME ZONE 'UTC')
   GROUP BY o."userId"`;

/** Parameters: host ids, the near window (start, end), the ignored booking and hold uids, now, whether and where to read away periods. */
export const BUSY_ROWS = `${BOOKED_ROWS} UNION ALL ${holdsAndAwayRows("$5", "$6", "$7", "$8", "$9")}`;

/** The holds and away periods as BUSY_ROWS, and each host's HostBusyVersion (0 before its first booking) instead of its bookings. */
export const VERSIONED_ROWS = `
  SELECT 'version' AS kind, h.id AS "userId", 0 AS before, 0 AS after, COALESCE(v.version, 0)::text AS spans
    FROM unnest($1::int[]) AS h(id) LEFT JOIN "HostBusyVersion" v ON v."userId" = h.id
  UNION ALL ${holdsAndAwayRows("$4", "$5", "$6", "$7", "$8")}`;

/** SQLSTATE raised by the check under the locks when a host is taken (convene_require_free_slot): a 409. */
export const SLOT_TAKEN_UNDER_LOCK = "CV409";
/** SQLSTATE raised by it when a check that read no absences finds one (convene_require): check again, reading them. */
export const ABSENCE_NEAR_SLOT = "CV412";

/**
 * Parameters: host ids, the near window (start, end), the blocked minutes (start, end), now, the caller's hold uid, and
 * whether and where to look for the hosts' absences ($8, $9–$10: a check before the batch that read none of them,
 * slot-inputs.ts BusyUnderLock). Bookings and holds in the way raise CV409 (convene_require_free_slot); an absence
 * there raises CV412 (convene_require), for the whole check to run: it may move the slot grid.
 */
export const REQUIRE_HOSTS_FREE = `
  SELECT convene_require_free_slot(
    NOT EXISTS (
      SELECT 1 FROM ${liveHostRows("$1", "$2", "$3")}
        JOIN "Booking" b ON b.id = bh."bookingId"
        LEFT JOIN "EventType" et ON et.id = b."eventTypeId"
       WHERE b.status IN ('ACCEPTED', 'PENDING')
         AND floor(date_part('epoch', bh.start) / 60) - COALESCE(et."beforeEventBuffer", 0) < $5::int
         AND ceil(date_part('epoch', bh."end") / 60) + COALESCE(et."afterEventBuffer", 0) > $4::int)
    AND NOT EXISTS (
      SELECT 1 FROM "SlotReservation" r
        JOIN "EventType" et ON et.id = r."eventTypeId"
       WHERE r."hostIds" && $1::int[] AND r."expiresAt" > ($6::timestamptz AT TIME ZONE 'UTC')
         AND r.start < ($3::timestamptz AT TIME ZONE 'UTC') AND r."end" > ($2::timestamptz AT TIME ZONE 'UTC')
         AND ($7::text IS NULL OR r.uid <> $7::text)
         AND floor(date_part('epoch', r.start) / 60) - et."beforeEventBuffer" < $5::int
         AND ceil(date_part('epoch', r."end") / 60) + et."afterEventBuffer" > $4::int)) AS free,
  convene_require(
    NOT $8::boolean OR NOT EXISTS (
      SELECT 1 FROM "OutOfOffice" o
       WHERE o."userId" = ANY($1::int[])
         AND o.start < ($10::timestamptz AT TIME ZONE 'UTC') AND o."end" > ($9::timestamptz AT TIME ZONE 'UTC')),
    '${ABSENCE_NEAR_SLOT}', 'a host is out of office near this slot: the slot must be checked with the absence') AS present`;
