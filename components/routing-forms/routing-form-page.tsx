import { RoutingFormFill } from "./routing-form-fill";
import type { TRoutingFormField } from "@/server/routing-forms/routing-form.schemas";

/** The public page's body: the form's name, description and questions. */
export function RoutingFormPage({ form }: { form: { id: string; name: string; description: string | null; fields: TRoutingFormField[] } }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 id="routing-form-heading" className="text-2xl font-semibold">
        {form.name}
      </h1>
      {form.description && <p className="mt-2 text-sm text-slate-600">{form.description}</p>}
      <div className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <RoutingFormFill form={form} />
      </div>
    </main>
  );
}
