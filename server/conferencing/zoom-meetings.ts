/**
 * Zoom meetings of bookings through Zoom's REST API (https://developers.zoom.us/docs/api/meetings/):
 * POST /users/me/meetings, PATCH /meetings/{meetingId}, DELETE /meetings/{meetingId}; cloud recordings from
 * GET /meetings/{meetingId}/recordings; past sessions from GET /past_meetings/{meetingId}/instances and
 * GET /past_meetings/{meetingUUID}.
 *
 * Zoom takes no idempotency key, so each meeting's agenda ends with a marker naming its booking: before creating one,
 * the host's upcoming meetings are searched for it, and a run that died between Zoom's answer and storing the
 * reference adopts the meeting it made instead of making a second one.
 */
import { z } from "zod";
import { zoomFetch, type ZoomGrant } from "./zoom-credentials";

export type MeetingFacts = { uid: string; title: string; description: string; start: Date; end: Date };
export type ZoomMeeting = { id: string; joinUrl: string };

const markerOf = (uid: string) => `Convene booking ${uid}`;

const ZMeeting = z.object({ id: z.union([z.number(), z.string()]).transform(String), join_url: z.string(), agenda: z.string().optional() });
const ZMeetingList = z.object({ meetings: z.array(ZMeeting).default([]), next_page_token: z.string().optional() });

/** Zoom wants `yyyy-MM-ddTHH:mm:ssZ` (no milliseconds) for a time in UTC. */
const zoomTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

function meetingBody(facts: MeetingFacts) {
  return {
    topic: facts.title.slice(0, 200),
    type: 2,
    start_time: zoomTime(facts.start),
    duration: Math.max(1, Math.round((facts.end.getTime() - facts.start.getTime()) / 60_000)),
    timezone: "UTC",
    agenda: [facts.description.slice(0, 1500), markerOf(facts.uid)].filter(Boolean).join("\n\n"),
  };
}

async function failure(response: Response, what: string): Promise<Error> {
  const detail = await response.text().catch(() => "");
  return new Error(`Zoom ${what} failed (${response.status})${detail ? `: ${detail.slice(0, 200)}` : ""}`);
}

/** The host's upcoming meeting already made for this booking, if any. */
async function findMeetingOf(grant: ZoomGrant, uid: string): Promise<ZoomMeeting | null> {
  let pageToken = "";
  for (let page = 0; page < 10; page++) {
    const query = new URLSearchParams({ type: "upcoming", page_size: "300", ...(pageToken ? { next_page_token: pageToken } : {}) });
    const response = await zoomFetch(grant, `/users/me/meetings?${query}`);
    if (!response.ok) throw await failure(response, "listing meetings");
    const list = ZMeetingList.parse(await response.json());
    const found = list.meetings.find((meeting) => meeting.agenda?.includes(markerOf(uid)));
    if (found) return { id: found.id, joinUrl: found.join_url };
    if (!list.next_page_token) return null;
    pageToken = list.next_page_token;
  }
  return null;
}

export async function createZoomMeeting(grant: ZoomGrant, facts: MeetingFacts): Promise<ZoomMeeting> {
  const existing = await findMeetingOf(grant, facts.uid);
  if (existing) return existing;
  const response = await zoomFetch(grant, "/users/me/meetings", { method: "POST", body: meetingBody(facts) });
  if (!response.ok) throw await failure(response, "creating the meeting");
  const meeting = ZMeeting.parse(await response.json());
  return { id: meeting.id, joinUrl: meeting.join_url };
}

export async function updateZoomMeeting(grant: ZoomGrant, meetingId: string, facts: MeetingFacts): Promise<void> {
  const response = await zoomFetch(grant, `/meetings/${encodeURIComponent(meetingId)}`, { method: "PATCH", body: meetingBody(facts) });
  if (!response.ok) throw await failure(response, "updating the meeting");
}

/** Succeeds when the meeting is already gone (404). */
export async function deleteZoomMeeting(grant: ZoomGrant, meetingId: string): Promise<void> {
  const response = await zoomFetch(grant, `/meetings/${encodeURIComponent(meetingId)}`, { method: "DELETE" });
  if (!response.ok && response.status !== 404) throw await failure(response, "deleting the meeting");
}

const ZRecordingFile = z.object({
  id: z.string().optional(),
  file_type: z.string().optional(),
  recording_start: z.string().optional(),
  recording_end: z.string().optional(),
  download_url: z.string().optional(),
  play_url: z.string().optional(),
  status: z.string().optional(),
});
const ZRecordings = z.object({ id: z.union([z.number(), z.string()]).transform(String), recording_files: z.array(ZRecordingFile).default([]) });
export type ZoomRecordingFile = z.infer<typeof ZRecordingFile>;

/** The meeting's cloud recording files; none (Zoom's 404) when nothing was recorded. */
export async function zoomRecordingFiles(grant: ZoomGrant, meetingId: string): Promise<ZoomRecordingFile[]> {
  const response = await zoomFetch(grant, `/meetings/${encodeURIComponent(meetingId)}/recordings`);
  if (response.status === 404) return [];
  if (!response.ok) throw await failure(response, "reading the recordings");
  return ZRecordings.parse(await response.json()).recording_files;
}

const ZInstances = z.object({ meetings: z.array(z.object({ uuid: z.string() })).default([]) });
const ZPastMeeting = z.object({
  uuid: z.string(),
  id: z.union([z.number(), z.string()]).transform(String),
  start_time: z.string(),
  end_time: z.string().optional(),
  duration: z.number().default(0),
  participants_count: z.number().default(0),
});
export type ZoomPastMeeting = z.infer<typeof ZPastMeeting>;

/** Zoom: a UUID that begins with "/" or contains "//" must be encoded twice in a path. */
const uuidPath = (uuid: string) => (uuid.startsWith("/") || uuid.includes("//") ? encodeURIComponent(encodeURIComponent(uuid)) : encodeURIComponent(uuid));

/** The meeting's ended sessions (each time it was held). */
export async function zoomPastSessions(grant: ZoomGrant, meetingId: string): Promise<ZoomPastMeeting[]> {
  const response = await zoomFetch(grant, `/past_meetings/${encodeURIComponent(meetingId)}/instances`);
  if (response.status === 404) return [];
  if (!response.ok) throw await failure(response, "listing past sessions");
  const sessions: ZoomPastMeeting[] = [];
  for (const { uuid } of ZInstances.parse(await response.json()).meetings) {
    const detail = await zoomFetch(grant, `/past_meetings/${uuidPath(uuid)}`);
    if (detail.ok) sessions.push(ZPastMeeting.parse(await detail.json()));
  }
  return sessions;
}
