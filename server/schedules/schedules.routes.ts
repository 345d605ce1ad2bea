import { z } from "zod";
import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { Page } from "../http/pagination";
import { ZScheduleOutput } from "./schedule.dto";
import { ZCreateScheduleInput, ZDeleteScheduleQuery, ZListSchedulesQuery, ZScheduleIdParams, ZUpdateScheduleInput } from "./schedule.schemas";
import { createSchedule, deleteSchedule, getDefaultSchedule, getSchedule, listSchedules, updateSchedule } from "./schedule.service";

const tag = "Schedules";
const read = { scope: "SCHEDULE_READ" } as const;
const write = { scope: "SCHEDULE_WRITE" } as const;

export const listSchedulesRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/schedules",
    tag,
    summary: "Get all schedules (isDefault marks the default); filter by isDefault, timeZone and name; paginated with take and skip",
    access: read,
    query: ZListSchedulesQuery,
    response: ZScheduleOutput,
    paginated: true,
  },
  async ({ actor, query }) => {
    const { items, totalItems } = await listSchedules(actor, query);
    return new Page(items, totalItems, query);
  },
);

export const createScheduleRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/schedules",
    tag,
    summary: "Create a schedule (your first schedule becomes the default; weekly availability defaults to Mon–Fri 09:00–17:00)",
    access: write,
    body: ZCreateScheduleInput,
    response: ZScheduleOutput,
    successStatus: 201,
  },
  ({ actor, body }) => createSchedule(actor, body),
);

export const getDefaultScheduleRoute = defineRoute(
  { method: "GET", path: "/v2/schedules/default", tag, summary: "Get default schedule", access: read, response: ZScheduleOutput },
  ({ actor }) => getDefaultSchedule(actor),
);

export const getScheduleRoute = defineRoute(
  { method: "GET", path: "/v2/schedules/{scheduleId}", tag, summary: "Get a schedule", access: read, params: ZScheduleIdParams, response: ZScheduleOutput },
  ({ actor, params }) => getSchedule(actor, params.scheduleId),
);

export const updateScheduleRoute = defineRoute(
  {
    method: "PATCH",
    path: "/v2/schedules/{scheduleId}",
    tag,
    summary: "Update a schedule (availability/schedule and overrides, when sent, replace the stored lists)",
    access: write,
    params: ZScheduleIdParams,
    body: ZUpdateScheduleInput,
    response: ZScheduleOutput,
  },
  ({ actor, params, body }) => updateSchedule(actor, params.scheduleId, body),
);

export const deleteScheduleRoute = defineRoute(
  {
    method: "DELETE",
    path: "/v2/schedules/{scheduleId}",
    tag,
    summary:
      "Delete a schedule. The default schedule is deleted only with ?newDefaultScheduleId=<another of your schedules> (409 otherwise), so your only schedule cannot be deleted",
    access: write,
    params: ZScheduleIdParams,
    query: ZDeleteScheduleQuery,
    response: z.null(),
  },
  async ({ actor, params, query }) => {
    await deleteSchedule(actor, params.scheduleId, query);
    return null;
  },
);

export const scheduleRoutes: ApiRoute[] = [
  listSchedulesRoute,
  createScheduleRoute,
  getDefaultScheduleRoute,
  getScheduleRoute,
  updateScheduleRoute,
  deleteScheduleRoute,
];
