"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@/server/trpc/root";
import { TRPCProvider } from "./client";

function makeQueryClient() {
  // A 4xx will not turn into a 2xx by asking again; retrying only delays the message.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
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
