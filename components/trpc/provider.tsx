"use client";
import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@/server/trpc/root";
import { toast } from "../ui/toast";
import { TRPCProvider } from "./client";
import { describeError } from "./errors";

declare module "@tanstack/react-query" {
  interface Register {
    /** `showsError`: the mutation's own surface (a dialog's alert, a form's summary) shows its failure. */
    mutationMeta: { showsError?: boolean };
  }
}

/**
 * No action fails silently: a failed mutation that neither handles its error (onError) nor says its surface shows
 * it (meta.showsError) is told in a toast, in the error's own words.
 */
const mutationCache = new MutationCache({
  onError: (error, _variables, _context, mutation) => {
    if (mutation.options.onError || mutation.meta?.showsError) return;
    toast.error(describeError(error).message);
  },
});

function makeQueryClient() {
  // A 4xx will not turn into a 2xx by asking again; retrying only delays the message.
  return new QueryClient({ mutationCache, defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
}

export function TrpcReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc" })] }));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
