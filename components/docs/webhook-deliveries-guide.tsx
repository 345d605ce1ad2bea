import { CodeBlock, GuideSection } from "./guide-section";

const STANDARD_RECIPE = `import { Webhook } from "standardwebhooks";

// A generated secret (whsec_…), or a whsec_ key of your own:
const verifier = new Webhook(secret);
// A secret of your own that is not whsec_ (printable ASCII):
// const verifier = new Webhook(secret, { format: "raw" });

// rawBody: the request body as received (a string or Buffer), before any JSON parsing.
const payload = verifier.verify(rawBody, {
  "webhook-id": req.headers["webhook-id"],
  "webhook-timestamp": req.headers["webhook-timestamp"],
  "webhook-signature": req.headers["webhook-signature"],
}); // throws when no signature matches or the timestamp is over 5 minutes off`;

const PEER_RECIPE = `import { createHmac, timingSafeEqual } from "node:crypto";

// The secret's whole text (whsec_ included), as Cal.com's receivers use it.
const expected = createHmac("sha256", secret).update(rawBody).digest("hex");
const received = String(req.headers["x-cal-signature-256"] ?? "");
const valid = received.length === expected.length && timingSafeEqual(Buffer.from(received), Buffer.from(expected));`;

/** Webhook deliveries as a receiver sees them: the two signature schemes, the secret rules, the order promised. */
export function WebhookDeliveriesGuide() {
  return (
    <GuideSection id="webhook-deliveries" title="Webhook deliveries">
      <p>
        Each delivery is a POST of JSON <code>{"{triggerEvent, createdAt, payload}"}</code> (or the webhook&apos;s <code>payloadTemplate</code>
        filled in), signed twice with the webhook&apos;s secret.
      </p>
      <p>
        <strong>Standard Webhooks (recommended).</strong> Headers <code>webhook-id</code> (the message id, the same on every attempt: deduplicate on it),{" "}
        <code>webhook-timestamp</code> and <code>webhook-signature</code> (<code>v1,&lt;base64&gt;</code>; during the 24 hours after a secret is rotated, one
        per secret, space-separated). Verify with the <code>standardwebhooks</code> library:
      </p>
      <CodeBlock>{STANDARD_RECIPE}</CodeBlock>
      <p>
        <strong>The peer&apos;s (Cal.com&apos;s) header</strong>, for receivers written for it: <code>X-Cal-Signature-256</code>, the hex HMAC-SHA256 of the raw
        body keyed with the secret&apos;s text, with <code>X-Cal-Webhook-Version: 2021-10-20</code>. It is keyed with the current secret only: a rotation
        applies to it at once.
      </p>
      <CodeBlock>{PEER_RECIPE}</CodeBlock>
      <p>
        <strong>Secrets.</strong> Convene generates <code>whsec_</code> + base64 of 32 random bytes unless you send one. Yours must be either{" "}
        <code>whsec_</code> followed by padded standard base64 of a 24 to 64-byte key, or printable ASCII (space to <code>~</code>) of 16 to 200 characters;
        anything else is a 400 on <code>body.secret</code> when the webhook is saved.
      </p>
      <p>
        <strong>Order.</strong> Per booking and webhook, messages arrive in the order their changes committed: a message waits while an earlier one of the same
        booking to the same webhook is being retried, until that one is delivered or given up. A reschedule&apos;s new booking counts as the booking it
        replaced. Other bookings&apos; messages do not wait, and out-of-office messages are not ordered. Delivery is at least once.
      </p>
    </GuideSection>
  );
}
