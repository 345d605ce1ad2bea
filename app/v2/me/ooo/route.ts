import { createOutOfOfficeRoute, listOutOfOfficeRoute } from "@/server/out-of-office/out-of-office.routes";

export const GET = listOutOfOfficeRoute.handle;
export const POST = createOutOfOfficeRoute.handle;
