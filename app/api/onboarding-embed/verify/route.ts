import { handleEmbedVerify } from "@/server/onboarding/embed-verify";

export const dynamic = "force-dynamic";

export const GET = (request: Request) => handleEmbedVerify(request);
