"use client";
/** /settings/general: time zone, week start, time format and language, as PATCH /v2/me sets them. */
import { useRouter } from "next/navigation";
import type { TMeOutput } from "@/server/me/me.dto";
import { LOCALES, WEEK_STARTS, ZGeneralSettingsInput, type TGeneralSettingsInput } from "@/server/users/user.schemas";
import { ComboBoxField, SelectField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";

const languageName = (locale: string) => {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(locale === "iw" ? "he" : locale) ?? locale;
  } catch {
    return locale;
  }
};

export function GeneralForm({ me, timeZones }: { me: TMeOutput; timeZones: string[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useZodForm(ZGeneralSettingsInput, {
    defaultValues: { timeZone: me.timeZone, weekStart: me.weekStart, timeFormat: me.timeFormat, locale: me.locale } as TGeneralSettingsInput,
  });
  const save = useFormMutation(form, trpc.account.updateGeneral.mutationOptions(), { success: "Settings saved", onSuccess: () => router.refresh() });
  return (
    <Form
      form={form}
      onSubmit={(body) => save.mutate({ body })}
      label="General settings"
      className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <ComboBoxField
        name="timeZone"
        label="Time zone"
        options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
        hint="Bookings and out-of-office dates are shown in this zone."
      />
      <SelectField name="weekStart" label="Week starts on" options={WEEK_STARTS.map((day) => ({ value: day, label: day }))} />
      <SelectField
        name="timeFormat"
        label="Time format"
        options={[
          { value: 24, label: "24-hour (17:00)" },
          { value: 12, label: "12-hour (5:00 PM)" },
        ]}
      />
      <SelectField name="locale" label="Language" options={LOCALES.map((locale) => ({ value: locale, label: `${languageName(locale)} (${locale})` }))} />
      <SubmitButton pending={save.isPending}>Save settings</SubmitButton>
    </Form>
  );
}
