"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "../ui/button";

export function LogoutButton() {
  const [isPending, setIsPending] = useState(false);
  return (
    <Button
      disabled={isPending}
      onClick={() => {
        setIsPending(true);
        void signOut({ callbackUrl: "/auth/login" });
      }}
    >
      {isPending ? "Logging out…" : "Log out"}
    </Button>
  );
}
