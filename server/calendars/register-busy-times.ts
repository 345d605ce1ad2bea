/**
 * Importing this module plugs connected calendars into slot availability (server/slots/slot-inputs.ts
 * imports it). Registration is by name on a process-wide registry, so importing it from several bundles
 * registers one provider.
 */
import { registerBusyTimesProvider, type BusyTimesProvider } from "./busy-times";
import { hasNoSelectedCalendars, selectedCalendarsBusy } from "./calendar-busy";

export const calendarBusyTimesProvider: BusyTimesProvider = { name: "calendars", busyTimes: selectedCalendarsBusy, hasNothingFor: hasNoSelectedCalendars };

/** Idempotent; returns the function that unregisters the provider (tests). */
export const ensureCalendarProviders = () => registerBusyTimesProvider(calendarBusyTimesProvider);

ensureCalendarProviders();
