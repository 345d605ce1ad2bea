"use client";
/**
 * Fields of the form kit: each reads its value and error from the enclosing <Form> by `name` (a react-hook-form
 * path such as "availability.0.startTime"), so label, hint, error and aria-describedby are wired here once.
 * Text inputs are native; choices, switches and dates are React Aria components (keyboard, screen readers, popovers).
 */
import { parseDate } from "@internationalized/date";
import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  ComboBox,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Switch,
  Text,
} from "react-aria-components";
import { useController, useFormContext, useWatch } from "react-hook-form";
import { FOCUS_RING } from "../ui/button";
import { CONTROL_CLASSES, FieldFrame } from "../ui/field-frame";
import { useFieldError } from "./field-error";
import { useFieldId } from "./form-id";

type TextProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  hint?: string;
  /** An optional field of the schema (`.optional()`): left empty, it is absent from the values rather than "". */
  isOptional?: boolean;
};

const emptyAsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * A text's limit, shown as it is typed ("12 / 200", red past it). The input itself takes more than the limit, so a
 * pasted text is not cut without a word: the form's schema (or the server) refuses it with a message saying so.
 */
function LengthCounter({ name, max }: { name: string; max: number }) {
  const value = useWatch({ name }) as unknown;
  const length = typeof value === "string" ? value.length : 0;
  const isOver = length > max;
  return (
    <p className={`mt-1 text-right text-xs tabular-nums ${isOver ? "font-medium text-red-700" : "text-slate-500"}`}>
      {length} / {max}
      <span className="sr-only"> characters</span>
    </p>
  );
}

export function TextField({ name, label, hint, className, isOptional, maxLength, ...input }: TextProps) {
  const { register } = useFormContext();
  const error = useFieldError(name, label);
  const fieldId = useFieldId(name);
  const id = input.id ?? fieldId;
  const registered = register(name, input.type === "number" ? { valueAsNumber: true } : isOptional ? { setValueAs: emptyAsAbsent } : {});
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className} below={maxLength ? <LengthCounter name={name} max={maxLength} /> : null}>
      {(aria) => <input id={id} {...aria} className={CONTROL_CLASSES} {...input} {...registered} />}
    </FieldFrame>
  );
}

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string; label: string; hint?: string };

export function TextareaField({ name, label, hint, className, maxLength, ...textarea }: TextareaProps) {
  const { register } = useFormContext();
  const error = useFieldError(name, label);
  const fieldId = useFieldId(name);
  const id = textarea.id ?? fieldId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className} below={maxLength ? <LengthCounter name={name} max={maxLength} /> : null}>
      {(aria) => <textarea id={id} rows={3} {...aria} className={CONTROL_CLASSES} {...textarea} {...register(name)} />}
    </FieldFrame>
  );
}

const LABEL = "block text-sm font-medium text-slate-800";
const HINT = "mt-1 block text-xs text-slate-500";
const ERROR = "mt-1 block text-sm text-red-700";
const POPOVER = "max-h-72 min-w-(--trigger-width) overflow-auto rounded-md border border-slate-200 bg-white p-1 text-sm text-slate-900 shadow-lg";
const OPTION = "cursor-default rounded px-3 py-1.5 outline-none data-[focused]:bg-indigo-50 data-[focused]:text-indigo-900 data-[selected]:font-semibold";

export type TOption<V extends string | number = string> = { value: V; label: string };

/** A value from a short list (React Aria Select); `number` options keep their type in the form's values. */
export function SelectField<V extends string | number>({
  name,
  label,
  hint,
  options,
  className,
  isLabelHidden,
}: {
  name: string;
  label: string;
  hint?: string;
  options: readonly TOption<V>[];
  className?: string;
  /** For a control whose row says what it is (a time range's "to"): the label is read out, not shown. */
  isLabelHidden?: boolean;
}) {
  const { value, onChange, onBlur, ref } = useController({ name }).field;
  const error = useFieldError(name, label);
  return (
    <Select
      className={className}
      value={value ?? null}
      onChange={(key) => onChange(options.find((option) => String(option.value) === String(key))?.value ?? null)}
      onBlur={onBlur}
      isInvalid={Boolean(error)}
      name={name}
    >
      <Label className={isLabelHidden ? "sr-only" : LABEL}>{label}</Label>
      <AriaButton ref={ref} className={`${CONTROL_CLASSES} flex items-center justify-between text-left ${FOCUS_RING}`}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      {hint && (
        <Text slot="description" className={HINT}>
          {hint}
        </Text>
      )}
      <FieldError className={ERROR}>{error}</FieldError>
      <Popover className={POPOVER}>
        <ListBox items={options.map((option) => ({ ...option, id: option.value }))}>
          {(option) => (
            <ListBoxItem id={option.value} textValue={option.label} className={OPTION}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** A value from a long list, typed to filter (React Aria ComboBox): time zones. */
export function ComboBoxField({
  name,
  label,
  hint,
  options,
  className,
}: {
  name: string;
  label: string;
  hint?: string;
  options: readonly TOption[];
  className?: string;
}) {
  const { value, onChange, onBlur, ref } = useController({ name }).field;
  const error = useFieldError(name, label);
  return (
    <ComboBox
      className={className}
      value={value ?? null}
      onChange={(key) => onChange(key === null ? value : String(key))}
      onBlur={onBlur}
      isInvalid={Boolean(error)}
      defaultItems={options.map((option) => ({ ...option, id: option.value }))}
    >
      <Label className={LABEL}>{label}</Label>
      <Group className="relative">
        <Input ref={ref} className={CONTROL_CLASSES} />
        <AriaButton aria-label={`Show ${label.toLowerCase()} options`} className={`absolute top-1/2 right-2 -translate-y-1/2 px-1 ${FOCUS_RING}`}>
          ▾
        </AriaButton>
      </Group>
      {hint && (
        <Text slot="description" className={HINT}>
          {hint}
        </Text>
      )}
      <FieldError className={ERROR}>{error}</FieldError>
      <Popover className={POPOVER}>
        <ListBox>
          {(option: TOption & { id: string }) => (
            <ListBoxItem id={option.id} textValue={option.label} className={OPTION}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/** On or off (React Aria Switch): a boolean in the form's values. */
export function SwitchField({ name, label, className = "" }: { name: string; label: string; className?: string }) {
  const { value, onChange } = useController({ name }).field;
  return <SwitchControl label={label} isSelected={Boolean(value)} onChange={onChange} className={className} />;
}

export function SwitchControl({
  label,
  isSelected,
  onChange,
  className = "",
  labelClassName = "",
}: {
  label: string;
  isSelected: boolean;
  onChange: (value: boolean) => void;
  className?: string;
  labelClassName?: string;
}) {
  return (
    <Switch isSelected={isSelected} onChange={onChange} className={`group inline-flex items-center gap-2 text-sm text-slate-800 ${className}`}>
      <span
        aria-hidden="true"
        className="flex h-5 w-9 shrink-0 items-center rounded-full bg-slate-300 p-0.5 transition group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-indigo-600 group-data-[selected]:bg-indigo-600"
      >
        <span className="h-4 w-4 rounded-full bg-white shadow transition group-data-[selected]:translate-x-4" />
      </span>
      <span className={labelClassName}>{label}</span>
    </Switch>
  );
}

/** A calendar date (React Aria DatePicker) kept in the form as `YYYY-MM-DD`, the schemas' ZCalendarDate. */
export function DateField({ name, label, hint, className }: { name: string; label: string; hint?: string; className?: string }) {
  const { value, onChange, onBlur, ref } = useController({ name }).field;
  const error = useFieldError(name, label);
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDate(value) : null;
  return (
    <DatePicker
      className={className}
      value={date}
      onChange={(date) => onChange(date ? date.toString() : "")}
      onBlur={onBlur}
      isInvalid={Boolean(error)}
      name={name}
    >
      <Label className={LABEL}>{label}</Label>
      <Group className={`${CONTROL_CLASSES} flex items-center justify-between`}>
        <DateInput ref={ref} className="flex">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums outline-none data-[focused]:bg-indigo-600 data-[focused]:text-white data-[placeholder]:text-slate-500"
            />
          )}
        </DateInput>
        <AriaButton className={`rounded px-1 ${FOCUS_RING}`} aria-label="Open calendar">
          📅
        </AriaButton>
      </Group>
      {hint && (
        <Text slot="description" className={HINT}>
          {hint}
        </Text>
      )}
      <FieldError className={ERROR}>{error}</FieldError>
      <Popover className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-900 shadow-lg">
        <Dialog aria-label={label}>
          <Calendar>
            <header className="mb-2 flex items-center justify-between">
              <AriaButton slot="previous" className={`rounded px-2 ${FOCUS_RING}`}>
                ‹
              </AriaButton>
              <Heading className="font-medium" />
              <AriaButton slot="next" className={`rounded px-2 ${FOCUS_RING}`}>
                ›
              </AriaButton>
            </header>
            <CalendarGrid>
              {(date) => (
                <CalendarCell
                  date={date}
                  className="flex h-8 w-8 items-center justify-center rounded outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-indigo-600 data-[outside-month]:text-slate-400 data-[selected]:bg-indigo-600 data-[selected]:text-white data-[unavailable]:text-slate-400"
                />
              )}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
