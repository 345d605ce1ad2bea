import { docsSearchIndex } from "@/server/docs/search-index";

/** What the docs' search box looks through: built when first asked, the same for every visitor. */
export function GET() {
  return Response.json(docsSearchIndex(), { headers: { "Cache-Control": "public, max-age=300" } });
}
