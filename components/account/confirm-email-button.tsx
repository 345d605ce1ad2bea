"use client";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextLink } from "../ui/text-link";
import { useHydrated } from "../ui/use-hydrated";

export function ConfirmEmailButton({ token }: { token: string }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.account.confirmEmailChange.mutationOptions({ meta: { showsError: true } }));
  const isHydrated = useHydrated();
  if (confirm.data) {
    return (
      <div className="space-y-4">
        <Alert tone="info">Your account now uses {confirm.data.email}. Log in with it from now on.</Alert>
        <TextLink href="/settings/profile">Go to your profile</TextLink>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {confirm.error && <Alert>{describeError(confirm.error).message}</Alert>}
      <p className="text-sm text-slate-600">Use this address for your Convene account from now on.</p>
      <Button disabled={confirm.isPending || !isHydrated} onClick={() => confirm.mutate({ token })}>
        Confirm e-mail address
      </Button>
    </div>
  );
}
