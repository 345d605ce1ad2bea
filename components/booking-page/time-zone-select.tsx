import { CONTROL_CLASSES } from "../ui/field-frame";
import { zoneLabel } from "./zoned-format";

type Props = { value: string; zones: readonly string[]; onChange: (zone: string) => void; isDisabled: boolean };

export function TimeZoneSelect({ value, zones, onChange, isDisabled }: Props) {
  return (
    <div className="max-w-xs">
      <label htmlFor="booking-time-zone" className="block text-sm font-medium text-slate-800">
        Time zone
      </label>
      <select id="booking-time-zone" value={value} disabled={isDisabled} onChange={(event) => onChange(event.target.value)} className={CONTROL_CLASSES}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
      </select>
    </div>
  );
}
