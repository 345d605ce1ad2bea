"use client";
/**
 * A React Aria Select that is not a form field of its own: picking a kind of location or question to add, or a
 * choice that rewrites several form values at once (the booking window's kind, the schedule).
 */
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from "react-aria-components";
import { FOCUS_RING } from "../ui/button";
import { CONTROL_CLASSES } from "../ui/field-frame";

type Props<V extends string> = {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V | null;
  onChange: (value: V) => void;
  hint?: string;
  placeholder?: string;
  className?: string;
};

export function ChoiceSelect<V extends string>({ label, options, value, onChange, hint, placeholder, className }: Props<V>) {
  return (
    <Select
      className={className}
      value={value}
      placeholder={placeholder}
      onChange={(key) => {
        const option = options.find((candidate) => candidate.value === key);
        if (option) onChange(option.value);
      }}
    >
      <Label className="block text-sm font-medium text-slate-800">{label}</Label>
      <Button className={`${CONTROL_CLASSES} flex items-center justify-between text-left ${FOCUS_RING}`}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      {hint && (
        <Text slot="description" className="mt-1 block text-xs text-slate-500">
          {hint}
        </Text>
      )}
      <Popover className="max-h-72 min-w-(--trigger-width) overflow-auto rounded-md border border-slate-200 bg-white p-1 text-sm text-slate-900 shadow-lg">
        <ListBox items={options.map((option) => ({ ...option, id: option.value }))}>
          {(option) => (
            <ListBoxItem
              id={option.value}
              textValue={option.label}
              className="cursor-default rounded px-3 py-1.5 outline-none data-[focused]:bg-indigo-50 data-[focused]:text-indigo-900 data-[selected]:font-semibold"
            >
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
