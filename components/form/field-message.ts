/**
 * A field's error as a sentence about the field as the page labels it. Schemas shared with /v2 keep zod's default
 * wording where they set none ("Too small: expected string to have >=1 characters"); a person reads, beside the
 * field labelled "Title", "Title is required". Messages a schema wrote itself are kept as written.
 */
const RULES: [RegExp, (label: string, bound: string) => string][] = [
  [/^Too small: expected string to have >=1 characters?$/, (label) => `${label} is required`],
  [/received (undefined|null)$/, (label) => `${label} is required`],
  [/^Too small: expected string to have >=(\d+)/, (label, n) => `${label} needs at least ${n} characters`],
  [/^Too big: expected string to have <=(\d+)/, (label, n) => `${label} can be at most ${n} characters long`],
  [/^Too small: expected number to be >=?(-?[\d.]+)/, (label, n) => `${label} must be at least ${n}`],
  [/^Too small: expected number to be >(-?[\d.]+)/, (label, n) => `${label} must be more than ${n}`],
  [/^Too big: expected number to be <=?(-?[\d.]+)/, (label, n) => `${label} must be at most ${n}`],
  [/^Too small: expected array to have >=(\d+)/, (label, n) => `${label}: choose at least ${n}`],
  [/^Too big: expected array to have <=(\d+)/, (label, n) => `${label}: at most ${n}`],
  [/expected number, received NaN$/, (label) => `${label} must be a number`],
  [/^Invalid input: expected int/, (label) => `${label} must be a whole number`],
  [/^Invalid email address$/, (label) => `${label} must be an e-mail address such as name@example.com`],
  [/^Invalid URL$/, (label) => `${label} must be a web address starting with https://`],
  [/^Invalid option/, (label) => `Choose one of the options for ${label}`],
  [/^Must be a calendar date/, (label) => `Pick a date for ${label}`],
  [/^Invalid input/, (label) => `${label} is not valid`],
];

export function fieldMessage(message: string | undefined, label: string): string | undefined {
  if (!message) return undefined;
  // "Bio (optional) can be at most…" reads as a form, not a sentence: the field is named without its annotation.
  const name = label.replace(/\s*\((optional|sent to the owner)\)$/i, "");
  for (const [pattern, sentence] of RULES) {
    const match = pattern.exec(message);
    if (match) return sentence(name, match[1] ?? "");
  }
  return message;
}
