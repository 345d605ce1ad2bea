/**
 * The built-in video app: a Jitsi Meet room per booking. Jitsi rooms need no account: whoever knows the name is in,
 * so the name is the secret: 128 random bits (hex), under JITSI_URL (default the public https://meet.jit.si, or a
 * self-hosted server).
 */
import { randomBytes } from "node:crypto";
import { env } from "../env";

const ROOM_BYTES = 16;

export function newJitsiRoomUrl(): string {
  const base = env().JITSI_URL.replace(/\/+$/, "");
  return `${base}/convene-${randomBytes(ROOM_BYTES).toString("hex")}`;
}
