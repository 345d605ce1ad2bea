"use client";
/** Allow / Deny inside the embed: the server action answers with the message, posted to the verified origin. */
import { useState } from "react";
import { decideEmbedded } from "@/app/(web)/auth/oauth2/authorize/actions";
import { useEmbed } from "@/components/onboarding/embed-bridge";
import type { Theme } from "@/components/onboarding/theme";
import { ThemedAlert, ThemedButton } from "@/components/onboarding/themed-ui";
import { useHydrated } from "@/components/ui/use-hydrated";

export function EmbeddedDecision({ theme, params }: { theme: Theme; params: Record<string, string> }) {
  const { post } = useEmbed();
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isHydrated = useHydrated();

  async function answer(allow: boolean) {
    setIsPending(true);
    setError(null);
    try {
      const decision = await decideEmbedded(params, allow);
      if (decision.type === "onboarding:error") setError(decision.data.message);
      post(decision.type, decision.data);
      // After an answer the dialog closes; the buttons stay disabled so nothing is minted twice.
    } catch {
      const message = "Could not reach Convene. Check your connection and try again.";
      setError(message);
      setIsPending(false);
    }
  }

  return (
    <div className="mt-8 space-y-4">
      {error && <ThemedAlert theme={theme}>{error}</ThemedAlert>}
      <div className="flex gap-3">
        <ThemedButton theme={theme} onClick={() => void answer(true)} disabled={isPending || !isHydrated}>
          Allow
        </ThemedButton>
        <ThemedButton theme={theme} variant="secondary" onClick={() => void answer(false)} disabled={isPending || !isHydrated}>
          Deny
        </ThemedButton>
      </div>
    </div>
  );
}
