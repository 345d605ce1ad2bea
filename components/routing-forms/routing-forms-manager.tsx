"use client";
/** The /routing-forms page: the user's forms, each with its public link, builder, responses and delete, and a form for a new one. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import type { TRoutingFormOutput } from "@/server/routing-forms/routing-form.dto";
import { ZCreateRoutingFormInput } from "@/server/routing-forms/routing-form.schemas";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { applyServerErrors } from "../form/server-errors";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { RoutingFormBuilder } from "./routing-form-builder";
import { RoutingFormResponses } from "./routing-form-responses";

type TPanel = "closed" | "edit" | "responses";

function FormCard({ routingForm, eventTypes }: { routingForm: TRoutingFormOutput; eventTypes: { id: number; title: string }[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.routingForms.list.queryKey() });
  const update = useMutation(trpc.routingForms.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.routingForms.delete.mutationOptions({ onSuccess: refresh }));
  const [panel, setPanel] = useState<TPanel>("closed");
  const [saved, setSaved] = useState(false);
  const toggle = (next: TPanel) => setPanel(panel === next ? "closed" : next);
  return (
    <li aria-label={`Routing form ${routingForm.name}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">{routingForm.name}</h3>
          <p className="text-sm text-slate-600">
            {routingForm.fields.length} question(s), {routingForm.routes.length} route(s) ·{" "}
            <a className="text-indigo-700 underline" href={`/forms/${routingForm.id}`}>
              Public page
            </a>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => toggle("edit")} aria-expanded={panel === "edit"}>
            {panel === "edit" ? "Close editor" : "Edit"}
          </Button>
          <Button variant="secondary" onClick={() => toggle("responses")} aria-expanded={panel === "responses"}>
            {panel === "responses" ? "Hide responses" : "Responses"}
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ id: routingForm.id })}>
            {remove.isPending ? "Deleting…" : "Delete"}
          </Button>
        </div>
      </div>
      {remove.error && <Alert>The form was not deleted: {describeError(remove.error).message}</Alert>}
      {saved && panel === "closed" && (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Saved.
        </p>
      )}
      {panel === "edit" && (
        <div className="mt-4">
          <RoutingFormBuilder
            form={routingForm}
            eventTypes={eventTypes}
            onSave={async (body) => {
              await update.mutateAsync({ id: routingForm.id, body });
              setSaved(true);
              setPanel("closed");
            }}
          />
        </div>
      )}
      {panel === "responses" && (
        <div className="mt-4">
          <RoutingFormResponses formId={routingForm.id} formName={routingForm.name} />
        </div>
      )}
    </li>
  );
}

const ZNewForm = z
  .object({ name: z.string(), description: z.string() })
  .transform(({ name, description }): z.input<typeof ZCreateRoutingFormInput> => ({ name, description: description.trim() === "" ? null : description }))
  .pipe(ZCreateRoutingFormInput);

function NewRoutingForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.routingForms.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.routingForms.list.queryKey() }) }),
  );
  const form = useZodForm(ZNewForm, { defaultValues: { name: "", description: "" } });
  return (
    <Form
      form={form}
      aria-labelledby="new-routing-form-heading"
      onSubmit={async (body) => {
        try {
          await create.mutateAsync(body);
          form.reset();
        } catch (failure) {
          applyServerErrors(form, failure);
        }
      }}
    >
      <TextField name="name" label="Name" />
      <TextareaField name="description" label="Description (shown above the questions)" rows={2} />
      <SubmitButton pending={create.isPending}>Create form</SubmitButton>
    </Form>
  );
}

export function RoutingFormsManager() {
  const trpc = useTRPC();
  const list = useQuery(trpc.routingForms.list.queryOptions());
  if (list.isPending) return <p className="text-sm text-slate-600">Loading your routing forms…</p>;
  if (list.isError) return <Alert>{describeError(list.error).message}</Alert>;
  const { forms, eventTypes } = list.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="your-routing-forms-heading">
        <h2 id="your-routing-forms-heading" className="mb-3 text-lg font-semibold">
          Your routing forms
        </h2>
        {forms.length === 0 ? (
          <p className="text-sm text-slate-600">You have no routing forms yet.</p>
        ) : (
          <ul className="space-y-4">
            {forms.map((routingForm) => (
              <FormCard key={routingForm.id} routingForm={routingForm} eventTypes={eventTypes} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="new-routing-form-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="new-routing-form-heading" className="mb-4 text-lg font-semibold">
          New routing form
        </h2>
        <NewRoutingForm />
      </section>
    </div>
  );
}
