import { GRANT_ADMIN_COMMAND } from "@/server/users/admin-command";
import { Alert } from "../ui/alert";

/**
 * Why a client stays "Pending review" and what moves it: an administrator of this Convene instance reviews it. On a
 * fresh install nobody is one until the operator makes one, which only the command line can do.
 */
export function PendingReviewNotice() {
  return (
    <Alert tone="info">
      <p>
        This client waits for review by an administrator of this Convene instance; it cannot be used until it is accepted, and you will get an e-mail when it is
        reviewed.
      </p>
      <p className="mt-2">
        No administrator yet? Whoever runs this instance makes one (an account that has signed up) with{" "}
        <code className="break-all rounded bg-white/70 px-1 font-mono text-xs">{GRANT_ADMIN_COMMAND}</code>
      </p>
    </Alert>
  );
}
