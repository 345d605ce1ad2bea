/** Readiness: 200 when the database answers within a short deadline, 503 otherwise (liveness is /api/health). */
import { isDatabaseReady } from "@/server/db/readiness";
import { RETRY_AFTER } from "@/server/db/unavailable";

export const dynamic = "force-dynamic";

export async function GET() {
  if (await isDatabaseReady()) return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  return Response.json(
    { status: "error", error: { code: "SERVICE_UNAVAILABLE", message: "The database is not answering" } },
    { status: 503, headers: { ...RETRY_AFTER, "Cache-Control": "no-store" } },
  );
}
