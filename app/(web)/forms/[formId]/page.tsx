import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { RoutingFormPage } from "@/components/routing-forms/routing-form-page";
import { findPublicRoutingForm } from "@/server/routing-forms/routing-responses.service";

type Params = Promise<{ formId: string }>;

const loadForm = cache((formId: string) => findPublicRoutingForm(formId));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const form = await loadForm((await params).formId);
  return { title: form ? form.name : "Page not found" };
}

/** A routing form's public page: anyone may answer it (a disabled form is a 404). */
export default async function PublicRoutingFormPage({ params }: { params: Params }) {
  const form = await loadForm((await params).formId);
  if (!form) notFound();
  return <RoutingFormPage form={form} />;
}
