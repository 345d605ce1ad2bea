/** My own out-of-office entries (/v2/me/ooo): SCHEDULE_READ / _WRITE. The other levels are in org-ooo.routes.ts and team-resources.routes.ts. */
import { ZOooIdParams } from "./out-of-office.schemas";
import { createOutOfOffice, deleteOutOfOffice, listOutOfOffice, updateOutOfOffice } from "./out-of-office.service";
import { oooLevelRoutes } from "./ooo-level.routes";

export const {
  list: listOutOfOfficeRoute,
  create: createOutOfOfficeRoute,
  update: updateOutOfOfficeRoute,
  remove: deleteOutOfOfficeRoute,
  all: outOfOfficeRoutes,
} = oooLevelRoutes({
  path: "/v2/me/ooo",
  tag: "Out of office",
  summaries: {
    list: "Get my out-of-office entries",
    create: "Create an out-of-office entry (409 when it overlaps another of yours)",
    update: "Update an out-of-office entry",
    delete: "Delete an out-of-office entry",
  },
  itemParams: ZOooIdParams,
  read: { scope: "SCHEDULE_READ" },
  write: { scope: "SCHEDULE_WRITE" },
  list: (actor, _params, query) => listOutOfOffice(actor, query),
  create: (actor, _params, body) => createOutOfOffice(actor, body),
  update: (actor, { oooId }, body) => updateOutOfOffice(actor, oooId, body),
  remove: (actor, { oooId }) => deleteOutOfOffice(actor, oooId),
});
