/**
 * A booking's meeting media for GET /v2/bookings/{uid}/recordings, /transcripts and /conferencing-sessions, in the
 * peer's shapes (RecordingItem, transcript download links, CalMeetingSession). Only Zoom keeps media: its cloud
 * recordings (video and audio files are recordings, TRANSCRIPT files transcripts) and its past meeting sessions, read
 * from Zoom's API with the host's grant. Jitsi Meet (the built-in app), Google Meet and Teams rooms keep nothing
 * Convene can read: their bookings answer empty lists, as do bookings without a meeting.
 */
import type { Actor } from "../auth/actor";
import { getManagedBooking } from "../bookings/booking-access";
import { db } from "../db/client";
import { AppError } from "../errors";
import { findZoomGrant, type ZoomGrant } from "./zoom-credentials";
import { zoomPastSessions, zoomRecordingFiles, type ZoomRecordingFile } from "./zoom-meetings";

type ZoomMeetingOfBooking = { grant: ZoomGrant; meetingId: string };

/** The booking's Zoom meeting and a grant to read it, after the actor's access to the booking is checked (404). */
async function zoomMeetingOf(actor: Actor, uid: string): Promise<ZoomMeetingOfBooking | null> {
  const booking = await getManagedBooking(db, actor, uid);
  const reference = await db.bookingReference.findFirst({
    where: { bookingId: booking.id, meetingApp: "zoom" },
    select: { externalId: true, credentialId: true },
  });
  if (!reference?.credentialId) return null;
  const credential = await db.credential.findUnique({ where: { id: reference.credentialId }, select: { userId: true } });
  const grant = credential ? await findZoomGrant(credential.userId) : null;
  return grant ? { grant, meetingId: reference.externalId } : null;
}

async function filesOf(meeting: ZoomMeetingOfBooking | null): Promise<ZoomRecordingFile[]> {
  if (!meeting) return [];
  try {
    return await zoomRecordingFiles(meeting.grant, meeting.meetingId);
  } catch (error) {
    throw new AppError("SERVICE_UNAVAILABLE", `Zoom's recordings could not be read: ${error instanceof Error ? error.message : "unknown error"}`);
  }
}

const seconds = (iso: string | undefined) => (iso ? Math.floor(new Date(iso).getTime() / 1000) : 0);
const isMedia = (file: ZoomRecordingFile) => file.file_type === "MP4" || file.file_type === "M4A";

export async function bookingRecordings(actor: Actor, uid: string) {
  const meeting = await zoomMeetingOf(actor, uid);
  return (await filesOf(meeting)).filter(isMedia).map((file) => ({
    id: file.id ?? "",
    roomName: meeting!.meetingId,
    startTs: seconds(file.recording_start),
    status: file.status === "completed" ? "finished" : (file.status ?? "finished"),
    duration: Math.max(0, seconds(file.recording_end) - seconds(file.recording_start)),
    shareToken: "",
    ...(file.download_url ? { downloadLink: file.download_url } : {}),
  }));
}

export async function bookingTranscripts(actor: Actor, uid: string): Promise<string[]> {
  const files = await filesOf(await zoomMeetingOf(actor, uid));
  return files.filter((file) => file.file_type === "TRANSCRIPT" && file.download_url).map((file) => file.download_url!);
}

export async function bookingConferencingSessions(actor: Actor, uid: string) {
  const meeting = await zoomMeetingOf(actor, uid);
  if (!meeting) return [];
  const sessions = await zoomPastSessions(meeting.grant, meeting.meetingId).catch((error: unknown) => {
    throw new AppError("SERVICE_UNAVAILABLE", `Zoom's past meetings could not be read: ${error instanceof Error ? error.message : "unknown error"}`);
  });
  return sessions.map((session) => ({
    id: session.uuid,
    room: session.id,
    startTime: seconds(session.start_time),
    duration: session.end_time ? seconds(session.end_time) - seconds(session.start_time) : session.duration * 60,
    ongoing: false,
    maxParticipants: session.participants_count,
    participants: [],
  }));
}
