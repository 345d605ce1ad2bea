/** Every /v1 path, /v1 itself included, for every method: 410 Gone naming the v2 replacement (server/v1/v1-gone.ts). */
import { v1GoneResponse } from "@/server/v1/v1-gone";

const gone = (request: Request) => v1GoneResponse(request.method, new URL(request.url).pathname);

export { gone as GET, gone as HEAD, gone as POST, gone as PUT, gone as PATCH, gone as DELETE, gone as OPTIONS };
