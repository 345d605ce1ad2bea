import { deleteOutOfOfficeRoute, updateOutOfOfficeRoute } from "@/server/out-of-office/out-of-office.routes";

export const PATCH = updateOutOfOfficeRoute.handle;
export const DELETE = deleteOutOfOfficeRoute.handle;
