/**
 * Service tests (vitest) that reach Google and Microsoft through their stand-ins: both started before the file's
 * tests, the server settings pointed at them, both stopped after. Call at the top level of the test file.
 */
import { afterAll, beforeAll } from "vitest";
import { ensureCalendarProviders } from "../../server/calendars/register-busy-times";
import { startFakeGoogle, type FakeGoogle } from "./fake-google";
import { startFakeMicrosoft, type FakeMicrosoft } from "./fake-microsoft";

export type CalendarFakes = { google: FakeGoogle; microsoft: FakeMicrosoft };

export function calendarFakesForFile(): () => CalendarFakes {
  let fakes: CalendarFakes | undefined;
  beforeAll(async () => {
    const [google, microsoft] = await Promise.all([startFakeGoogle(), startFakeMicrosoft()]);
    // Read by env() on first use, which comes after this.
    Object.assign(process.env, google.serverEnv, microsoft.serverEnv);
    ensureCalendarProviders();
    fakes = { google, microsoft };
  });
  afterAll(async () => {
    if (fakes) await Promise.all([fakes.google.stop(), fakes.microsoft.stop()]);
  });
  return () => {
    if (!fakes) throw new Error("the calendar stand-ins start in beforeAll: use them inside a test");
    return fakes;
  };
}
