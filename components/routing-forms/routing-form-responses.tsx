"use client";
/** A form's responses: a table of the answers, newest first, and an export of the same rows to CSV. */
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { responsesCsv } from "./responses-csv";
import { ScrollRegion } from "../ui/table-frame";

const CELL = "px-3 py-2 text-left align-top";

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

export function RoutingFormResponses({ formId, formName }: { formId: string; formName: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.routingForms.responses.queryOptions({ id: formId }));
  if (list.isPending) return <p className="text-sm text-slate-600">Loading the responses…</p>;
  if (list.isError) return <Alert>The responses could not be loaded: {describeError(list.error).message}</Alert>;
  const { fields, responses } = list.data;
  return (
    <section aria-label={`Responses to ${formName}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{responses.length === 1 ? "1 response" : `${responses.length} responses`}</p>
        <Button variant="secondary" disabled={responses.length === 0} onClick={() => download(`${formName}-responses.csv`, responsesCsv(fields, responses))}>
          Export to CSV
        </Button>
      </div>
      {responses.length > 0 && (
        <ScrollRegion label={`Table of responses to ${formName}`} className="rounded-md border border-slate-200">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Responses to {formName}</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className={CELL}>
                  Submitted
                </th>
                {fields.map((field) => (
                  <th key={field.id} scope="col" className={CELL}>
                    {field.label}
                  </th>
                ))}
                <th scope="col" className={CELL}>
                  Booking
                </th>
              </tr>
            </thead>
            <tbody>
              {responses.map((response) => (
                <tr key={response.id} className="border-t border-slate-200">
                  <td className={CELL}>{new Date(response.createdAt).toLocaleString()}</td>
                  {fields.map((field) => {
                    const answer = response.answers[field.identifier];
                    return (
                      <td key={field.id} className={CELL}>
                        {answer === undefined ? "" : Array.isArray(answer) ? answer.join(", ") : String(answer)}
                      </td>
                    );
                  })}
                  <td className={CELL}>{response.routedToBookingUid ? <code className="font-mono text-xs">{response.routedToBookingUid}</code> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
