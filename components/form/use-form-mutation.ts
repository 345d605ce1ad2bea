"use client";
/** A mutation bound to a form: field errors onto the fields, a toast for the outcome, the changed queries refetched. */
import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from "@tanstack/react-query";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "../ui/toast";
import { applyServerErrors } from "./server-errors";

type Options<TData> = {
  /** The toast on success; a function sees the result. */
  success?: string | ((data: TData) => string);
  /** Queries whose data the mutation changes. */
  invalidates?: QueryKey[];
  onSuccess?: (data: TData) => void;
};

export function useFormMutation<TData, TError, TVariables, TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  mutationOptions: UseMutationOptions<TData, TError, TVariables>,
  { success, invalidates = [], onSuccess }: Options<TData> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions,
    onError: (error) => {
      toast.error(applyServerErrors(form, error));
    },
    onSuccess: async (data) => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (success) toast.success(typeof success === "function" ? success(data) : success);
      onSuccess?.(data);
    },
  });
}
