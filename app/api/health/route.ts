/** Liveness: answers without touching the database. Also the bare-handler baseline of `npm run bench`. */
export function GET() {
  return Response.json({ status: "ok" });
}
