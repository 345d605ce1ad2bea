/**
 * A form's responses as CSV (RFC 4180): a column per question, then when and where to. A cell that a spreadsheet
 * would read as a formula (=, +, -, @ first) is prefixed with ' so an answer cannot run in the reader's spreadsheet.
 */
type TRow = { id: number; createdAt: string; routedToBookingUid: string | null; answers: Record<string, string | number | string[]> };

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function responsesCsv(fields: readonly { label: string; identifier: string }[], rows: readonly TRow[]): string {
  const header = ["Response", "Submitted", ...fields.map(({ label }) => label), "Booking"];
  const lines = rows.map((row) => [
    String(row.id),
    row.createdAt,
    ...fields.map(({ identifier }) => {
      const answer = row.answers[identifier];
      return answer === undefined ? "" : Array.isArray(answer) ? answer.join("; ") : String(answer);
    }),
    row.routedToBookingUid ?? "",
  ]);
  return [header, ...lines].map((line) => line.map(cell).join(",")).join("\r\n") + "\r\n";
}
