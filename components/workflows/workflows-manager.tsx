"use client";
/** The /workflows page: the user's workflows, each editable and deletable, and a form for a new one. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TWorkflowOutput } from "@/server/workflows/workflow.dto";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { WorkflowForm, type TWorkflowFormProps } from "./workflow-form";

const TRIGGER_WORDS: Record<string, string> = {
  beforeEvent: "before the booking",
  afterEvent: "after the booking",
  newEvent: "when a booking is made",
  rescheduleEvent: "when a booking is rescheduled",
  eventCancelled: "when a booking is cancelled",
  bookingRequested: "when a booking is requested",
  bookingRejected: "when a request is declined",
  bookingNoShowUpdated: "when someone is marked absent",
};

const summaryOf = (workflow: TWorkflowOutput) =>
  `${workflow.trigger.offset ? `${workflow.trigger.offset.value} ${workflow.trigger.offset.unit}(s) ` : ""}${TRIGGER_WORDS[workflow.trigger.type]}: ` +
  workflow.steps.map((step) => step.action.replace("_", " ")).join(", ");

function useTestSend() {
  const trpc = useTRPC();
  const send = useMutation(trpc.workflows.testSend.mutationOptions());
  const state: TWorkflowFormProps["testSendState"] = {
    pending: send.isPending,
    result: send.data ? `Test sent to ${send.data.sentTo}.` : null,
    error: send.error ? `The test was not sent: ${describeError(send.error).message}` : null,
  };
  return { state, onTestSend: (message: { subject: string; body: string; isSms: boolean }) => send.mutate(message) };
}

function WorkflowCard({ workflow, data }: { workflow: TWorkflowOutput; data: Pick<TWorkflowFormProps, "eventTypes" | "me"> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.workflows.list.queryKey() });
  const update = useMutation(trpc.workflows.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.workflows.delete.mutationOptions({ onSuccess: refresh }));
  const [isEditing, setEditing] = useState(false);
  const test = useTestSend();
  return (
    <li aria-label={`Workflow ${workflow.name}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold">{workflow.name}</h3>
          <p className="text-sm text-slate-600">{summaryOf(workflow)}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setEditing(!isEditing)} aria-expanded={isEditing}>
            {isEditing ? "Close" : "Edit"}
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ id: workflow.id })}>
            {remove.isPending ? "Deleting…" : "Delete"}
          </Button>
        </div>
      </div>
      {remove.error && <Alert>The workflow was not deleted: {describeError(remove.error).message}</Alert>}
      {isEditing && (
        <div className="mt-4">
          <WorkflowForm
            initial={workflow}
            {...data}
            submitLabel="Save changes"
            onSubmit={async (body) => {
              const steps = body.steps.map((step, index) => ({ ...step, id: workflow.steps[index]?.id }));
              await update.mutateAsync({ id: workflow.id, body: { ...body, steps } });
              setEditing(false);
            }}
            onTestSend={test.onTestSend}
            testSendState={test.state}
          />
        </div>
      )}
    </li>
  );
}

export function WorkflowsManager() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.workflows.list.queryOptions());
  const create = useMutation(
    trpc.workflows.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.workflows.list.queryKey() }) }),
  );
  const test = useTestSend();
  if (list.isPending) return <p className="text-sm text-slate-600">Loading your workflows…</p>;
  if (list.isError) return <Alert>{describeError(list.error).message}</Alert>;
  const { workflows, eventTypes, me } = list.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="your-workflows-heading">
        <h2 id="your-workflows-heading" className="mb-3 text-lg font-semibold">
          Your workflows
        </h2>
        {workflows.length === 0 ? (
          <p className="text-sm text-slate-600">You have no workflows yet.</p>
        ) : (
          <ul className="space-y-4">
            {workflows.map((workflow) => (
              <WorkflowCard key={workflow.id} workflow={workflow} data={{ eventTypes, me }} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="new-workflow-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="new-workflow-heading" className="mb-4 text-lg font-semibold">
          New workflow
        </h2>
        <WorkflowForm
          eventTypes={eventTypes}
          me={me}
          submitLabel="Create workflow"
          onSubmit={async (body) => void (await create.mutateAsync(body))}
          onTestSend={test.onTestSend}
          testSendState={test.state}
        />
      </section>
    </div>
  );
}
