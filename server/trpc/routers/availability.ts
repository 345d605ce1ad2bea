/**
 * The site's availability pages: schedules and out-of-office entries, through the very service functions that
 * /v2/schedules and /v2/me/ooo call (schedules.routes.ts, out-of-office.routes.ts), with the session's Actor.
 * Bodies travel as `body` so that a service's field paths (`body.isDefault`) name the form's fields, as on /v2.
 */
import { z } from "zod";
import type { Actor } from "../../auth/actor";
import { ZIdField } from "../../http/ids";
import { createOutOfOffice, deleteOutOfOffice, listOutOfOffice, updateOutOfOffice } from "../../out-of-office/out-of-office.service";
import { ZCreateOooInput, ZListOooQuery, ZUpdateOooInput } from "../../out-of-office/out-of-office.schemas";
import { listRedirectCandidates } from "../../out-of-office/redirect-candidates";
import { createSchedule, deleteSchedule, getSchedule, listSchedules, updateSchedule } from "../../schedules/schedule.service";
import { ZCreateScheduleInput, ZListSchedulesQuery, ZUpdateScheduleInput } from "../../schedules/schedule.schemas";
import { protectedProcedure, router } from "../init";

const ZScheduleRef = z.object({ scheduleId: ZIdField });
const ZOooRef = z.object({ oooId: ZIdField });

/** Upcoming entries are the latest-starting ones: the newest 100 by start, those not yet over, soonest first. */
async function listUpcomingOutOfOffice(actor: Actor) {
  const { items } = await listOutOfOffice(actor, ZListOooQuery.parse({ take: "100", sortStart: "desc" }));
  const now = Date.now();
  return items.filter((entry) => new Date(entry.end).getTime() > now).reverse();
}

const schedulesRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listSchedules(ctx.actor, ZListSchedulesQuery.parse({ take: "250" }))).items),
  get: protectedProcedure.input(ZScheduleRef).query(({ ctx, input }) => getSchedule(ctx.actor, input.scheduleId)),
  create: protectedProcedure.input(ZCreateScheduleInput).mutation(({ ctx, input }) => createSchedule(ctx.actor, input)),
  update: protectedProcedure
    .input(ZScheduleRef.extend({ body: ZUpdateScheduleInput }))
    .mutation(({ ctx, input }) => updateSchedule(ctx.actor, input.scheduleId, input.body)),
  setDefault: protectedProcedure.input(ZScheduleRef).mutation(({ ctx, input }) => updateSchedule(ctx.actor, input.scheduleId, { isDefault: true })),
  delete: protectedProcedure
    .input(ZScheduleRef.extend({ newDefaultScheduleId: ZIdField.optional() }))
    .mutation(({ ctx, input }) => deleteSchedule(ctx.actor, input.scheduleId, { newDefaultScheduleId: input.newDefaultScheduleId })),
});

const outOfOfficeRouter = router({
  upcoming: protectedProcedure.query(({ ctx }) => listUpcomingOutOfOffice(ctx.actor)),
  redirectCandidates: protectedProcedure.query(({ ctx }) => listRedirectCandidates(ctx.actor)),
  create: protectedProcedure.input(z.object({ body: ZCreateOooInput })).mutation(({ ctx, input }) => createOutOfOffice(ctx.actor, input.body)),
  update: protectedProcedure
    .input(ZOooRef.extend({ body: ZUpdateOooInput }))
    .mutation(({ ctx, input }) => updateOutOfOffice(ctx.actor, input.oooId, input.body)),
  delete: protectedProcedure.input(ZOooRef).mutation(({ ctx, input }) => deleteOutOfOffice(ctx.actor, input.oooId)),
});

export const availabilityRouter = router({ schedules: schedulesRouter, outOfOffice: outOfOfficeRouter });
