/**
 * An event type's output read back as the write body that would set it again (ZUpdateEventTypeInput's shape):
 * the site's editor starts from it, and duplicating an event type creates the copy from it. Pure, so the browser
 * and the server read an event type the same way.
 */
import type { TEventTypeOutput } from "./event-type.dto";
import type { TLocation, TUpdateEventTypeInput } from "./event-type.schemas";
import type { TBookingFieldOutput } from "./booking-fields";
import { seatsInput } from "./seats";

type TBookingFieldsInput = NonNullable<TUpdateEventTypeInput["bookingFields"]>;

/** Default fields as overrides (the values they show), custom fields as given: together they set the same form again. */
export function bookingFieldsInput(fields: TBookingFieldOutput[]): TBookingFieldsInput {
  return fields.flatMap((field): TBookingFieldsInput => {
    const { label, placeholder, required, hidden } = field;
    if (!field.isDefault) {
      const options = field.options ? { options: field.options } : {};
      const prefill = field.disableOnPrefill === undefined ? {} : { disableOnPrefill: field.disableOnPrefill };
      return [{ type: field.type, slug: field.slug, label, placeholder, required, hidden, ...options, ...prefill }];
    }
    switch (field.slug) {
      case "name":
        return [{ type: "name", label, placeholder }];
      case "email":
        return [{ type: "email", label, placeholder, required, hidden }];
      case "location":
        return [{ slug: "location", label }];
      case "rescheduleReason":
        return [{ slug: "rescheduleReason", label, placeholder, hidden }];
      default:
        return [{ slug: field.slug, label, placeholder, required, hidden }];
    }
  });
}

const limitsInput = (limits: TEventTypeOutput["bookingLimitsCount"]) => limits ?? {};

export function bookingWindowInput(window: TEventTypeOutput["bookingWindow"]): TUpdateEventTypeInput["bookingWindow"] {
  const first = window?.[0];
  if (!first) return null;
  if (first.type === "range") return { type: "range", value: first.value };
  return { type: first.type, value: first.value, rolling: first.rolling };
}

export function confirmationPolicyInput(policy: TEventTypeOutput["confirmationPolicy"]): NonNullable<TUpdateEventTypeInput["confirmationPolicy"]> {
  if (!policy) return { disabled: true };
  if (policy.type === "time" && policy.noticeThreshold) return { type: "time", noticeThreshold: policy.noticeThreshold };
  return { type: "always" };
}

/** Every setting of the event type, as a body. */
export function eventTypeInput(eventType: TEventTypeOutput) {
  return {
    title: eventType.title,
    slug: eventType.slug,
    description: eventType.description,
    lengthInMinutes: eventType.lengthInMinutes,
    lengthInMinutesOptions: eventType.lengthInMinutesOptions ?? [],
    locations: eventType.locations as TLocation[],
    hidden: eventType.hidden,
    minimumBookingNotice: eventType.minimumBookingNotice,
    beforeEventBuffer: eventType.beforeEventBuffer,
    afterEventBuffer: eventType.afterEventBuffer,
    slotInterval: eventType.slotInterval,
    scheduleId: eventType.scheduleId,
    confirmationPolicy: confirmationPolicyInput(eventType.confirmationPolicy),
    bookingWindow: bookingWindowInput(eventType.bookingWindow),
    bookingLimitsCount: limitsInput(eventType.bookingLimitsCount),
    bookingLimitsDuration: limitsInput(eventType.bookingLimitsDuration),
    color: eventType.color ?? null,
    customName: eventType.customName ?? null,
    successRedirectUrl: eventType.successRedirectUrl,
    disableGuests: eventType.disableGuests,
    onlyShowFirstAvailableSlot: eventType.onlyShowFirstAvailableSlot,
    // Written through ZMetadata, so its values are the scalars that schema allows.
    metadata: eventType.metadata as Record<string, string | number | boolean>,
    bookingFields: bookingFieldsInput(eventType.bookingFields),
    recurrence: eventType.recurrence ?? { disabled: true as const },
    seats: seatsInput(eventType.seats),
  } satisfies TUpdateEventTypeInput;
}
