import { RATE_LIMITS, rateLimitVariable, type RateLimitName } from "@/server/security/rate-limit-table";
import { quotaOf, windowSeconds } from "@/server/security/rate-limits";
import { InlineCode } from "./inline-code";

/**
 * Every rate limit with the running server's configured quota, its policy name in the RateLimit headers and the
 * variable an operator sets it with; rendered from server/security/rate-limit-table.ts, so it cannot drift.
 */
export function RateLimitsTable() {
  const window = windowSeconds();
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="sr-only">Rate limits</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th className="py-2 pr-4">Policy (in RateLimit headers)</th>
          <th className="py-2 pr-4">Counts</th>
          <th className="py-2 pr-4">Quota per {window} s</th>
          <th className="py-2">Variable</th>
        </tr>
      </thead>
      <tbody>
        {(Object.keys(RATE_LIMITS) as RateLimitName[]).map((name) => (
          <tr key={name} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-4 font-mono text-xs">{RATE_LIMITS[name].policy}</td>
            <td className="py-2 pr-4">
              <InlineCode text={RATE_LIMITS[name].counts} />
            </td>
            <td className="py-2 pr-4">{quotaOf(name)}</td>
            <td className="py-2 font-mono text-xs">{rateLimitVariable(name)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
