import type { TWebhookPayloadDoc } from "@/server/webhooks/webhook-payload-docs";

/** Each trigger Convene fires, when, and the payload fields it carries (the peer's, so its receivers work unchanged). */
export function WebhookPayloadsTable({ docs }: { docs: readonly TWebhookPayloadDoc[] }) {
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="border-b border-slate-300">
          <th className="py-2 pr-4">triggerEvent</th>
          <th className="py-2 pr-4">Sent when</th>
          <th className="py-2">payload fields</th>
        </tr>
      </thead>
      <tbody>
        {docs.map((doc) => (
          <tr key={doc.trigger} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-4 font-mono">{doc.trigger}</td>
            <td className="py-2 pr-4">{doc.when}</td>
            <td className="py-2">{doc.fields}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
