/**
 * payloadTemplate: a JSON text with `{{path}}` placeholders (`{{title}}`, `{{organizer.name}}`,
 * `{{attendees.0.name}}`) read from the payload's `payload` object. Each value is written JSON-escaped (as the
 * inside of a JSON string), so a booking title holding quotes or newlines cannot break the document or add keys.
 * A path that names nothing becomes "". Anything else between `{{` and `}}`, or a text that is not JSON once
 * every placeholder is filled, is refused when the webhook is saved.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)\s*\}\}/g;

/** The template's problem, or null when it is valid. */
export function templateProblem(template: string): string | null {
  const stripped = template.replace(PLACEHOLDER, "");
  if (stripped.includes("{{") || stripped.includes("}}")) {
    return "uses an unknown syntax: only {{path}} placeholders (letters, digits, _ and dots) are supported";
  }
  try {
    JSON.parse(template.replace(PLACEHOLDER, "x"));
  } catch {
    return "is not valid JSON once its placeholders are filled in";
  }
  return null;
}

function valueAt(source: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), source);
}

/** A value as the inside of a JSON string: objects as their JSON text, absent as "". */
function escaped(value: unknown): string {
  if (value === undefined || value === null) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return JSON.stringify(text).slice(1, -1);
}

export function renderTemplate(template: string, variables: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_match, path: string) => escaped(valueAt(variables, path)));
}
