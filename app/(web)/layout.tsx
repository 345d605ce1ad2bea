import type { ReactNode } from "react";
import { TrpcReactProvider } from "@/components/trpc/provider";

export default function WebLayout({ children }: { children: ReactNode }) {
  return <TrpcReactProvider>{children}</TrpcReactProvider>;
}
