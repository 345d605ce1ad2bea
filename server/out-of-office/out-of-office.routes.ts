import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { Page } from "../http/pagination";
import { ZOooOutput } from "./out-of-office.dto";
import { ZCreateOooInput, ZListOooQuery, ZOooIdParams, ZUpdateOooInput } from "./out-of-office.schemas";
import { createOutOfOffice, deleteOutOfOffice, listOutOfOffice, updateOutOfOffice } from "./out-of-office.service";

const tag = "Out of office";
const read = { scope: "SCHEDULE_READ" } as const;
const write = { scope: "SCHEDULE_WRITE" } as const;

export const listOutOfOfficeRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/me/ooo",
    tag,
    summary: "Get my out-of-office entries",
    access: read,
    query: ZListOooQuery,
    response: ZOooOutput,
    paginated: true,
  },
  async ({ actor, query }) => {
    const { items, totalItems } = await listOutOfOffice(actor, query);
    return new Page(items, totalItems, query);
  },
);

export const createOutOfOfficeRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/me/ooo",
    tag,
    summary: "Create an out-of-office entry (409 when it overlaps another of yours)",
    access: write,
    body: ZCreateOooInput,
    response: ZOooOutput,
    successStatus: 201,
  },
  ({ actor, body }) => createOutOfOffice(actor, body),
);

export const updateOutOfOfficeRoute = defineRoute(
  {
    method: "PATCH",
    path: "/v2/me/ooo/{oooId}",
    tag,
    summary: "Update an out-of-office entry",
    access: write,
    params: ZOooIdParams,
    body: ZUpdateOooInput,
    response: ZOooOutput,
  },
  ({ actor, params, body }) => updateOutOfOffice(actor, params.oooId, body),
);

export const deleteOutOfOfficeRoute = defineRoute(
  { method: "DELETE", path: "/v2/me/ooo/{oooId}", tag, summary: "Delete an out-of-office entry", access: write, params: ZOooIdParams, response: ZOooOutput },
  ({ actor, params }) => deleteOutOfOffice(actor, params.oooId),
);

export const outOfOfficeRoutes: ApiRoute[] = [listOutOfOfficeRoute, createOutOfOfficeRoute, updateOutOfOfficeRoute, deleteOutOfOfficeRoute];
