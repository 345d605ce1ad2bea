import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { RoutingFormPage } from "@/components/routing-forms/routing-form-page";
import { findPublicRoutingForm } from "@/server/routing-forms/routing-responses.service";

type Params = Promise<{ orgSlug: string; formId: string }>;

const loadForm = cache((formId: string, orgSlug: string) => findPublicRoutingForm(formId, orgSlug.toLowerCase()));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { formId, orgSlug } = await params;
  const form = await loadForm(formId, orgSlug);
  return { title: form ? form.name : "Page not found" };
}

/** A routing form of the organization or one of its teams, on the organization's site (another's form is a 404 here). */
export default async function OrganizationRoutingFormPage({ params }: { params: Params }) {
  const { formId, orgSlug } = await params;
  const form = await loadForm(formId, orgSlug);
  if (!form) notFound();
  return <RoutingFormPage form={form} />;
}
