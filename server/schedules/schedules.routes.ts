/** My own schedules (/v2/schedules): SCHEDULE_READ / _WRITE. An organization's members' are in org-schedules.routes.ts. */
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZScheduleOutput } from "./schedule.dto";
import { ZListSchedulesQuery, ZScheduleIdParams } from "./schedule.schemas";
import { createSchedule, deleteSchedule, getDefaultSchedule, getSchedule, listSchedules, updateSchedule } from "./schedule.service";
import { scheduleLevelRoutes } from "./schedule-level.routes";

const tag = "Schedules";
const read = { scope: "SCHEDULE_READ" } as const;
const write = { scope: "SCHEDULE_WRITE" } as const;

export const {
  list: listSchedulesRoute,
  create: createScheduleRoute,
  get: getScheduleRoute,
  update: updateScheduleRoute,
  remove: deleteScheduleRoute,
} = scheduleLevelRoutes({
  path: "/v2/schedules",
  tag,
  summaries: {
    list: "Get all schedules (isDefault marks the default); filter by isDefault, timeZone and name; paginated with take and skip",
    create: "Create a schedule (your first schedule becomes the default; weekly availability defaults to Mon–Fri 09:00–17:00)",
    get: "Get a schedule",
    update: "Update a schedule (availability/schedule and overrides, when sent, replace the stored lists)",
    delete:
      "Delete a schedule. The default schedule is deleted only with ?newDefaultScheduleId=<another of your schedules> (409 otherwise), so your only schedule cannot be deleted",
  },
  itemParams: ZScheduleIdParams,
  listQuery: ZListSchedulesQuery,
  read,
  write,
  list: (actor, _params, query) => listSchedules(actor, query),
  create: (actor, _params, body) => createSchedule(actor, body),
  get: (actor, { scheduleId }) => getSchedule(actor, scheduleId),
  update: (actor, { scheduleId }, body) => updateSchedule(actor, scheduleId, body),
  remove: (actor, { scheduleId }, query) => deleteSchedule(actor, scheduleId, query),
});

export const getDefaultScheduleRoute = defineRoute(
  { method: "GET", path: "/v2/schedules/default", tag, summary: "Get default schedule", access: read, response: ZScheduleOutput },
  ({ actor }) => getDefaultSchedule(actor),
);

export const scheduleRoutes: ApiRoute[] = [
  listSchedulesRoute,
  createScheduleRoute,
  getDefaultScheduleRoute,
  getScheduleRoute,
  updateScheduleRoute,
  deleteScheduleRoute,
];
