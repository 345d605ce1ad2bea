"use client";
/** A mutation behind a confirmation dialog: its failure shows in the dialog; on success the list it changed is refetched and the dialog closes. */
import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from "@tanstack/react-query";
import { describeError } from "../trpc/errors";

export function useDialogMutation<TData, TError, TVariables>(
  options: UseMutationOptions<TData, TError, TVariables>,
  changedList: QueryKey,
  onClose: () => void,
) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...options,
    meta: { showsError: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: changedList });
      onClose();
    },
  });
  const close = () => {
    mutation.reset();
    onClose();
  };
  return { mutation, close, error: mutation.error ? describeError(mutation.error).message : null };
}
