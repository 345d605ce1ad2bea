import type { ReactNode } from "react";
import { TrpcReactProvider } from "@/components/trpc/provider";
import { Toaster } from "@/components/ui/toast";

/** Every page of the site, public ones included, can show a toast: an action's outcome is never silent. */
export default function WebLayout({ children }: { children: ReactNode }) {
  return (
    <TrpcReactProvider>
      {children}
      <Toaster />
    </TrpcReactProvider>
  );
}
