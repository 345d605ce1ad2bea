import { TextLink } from "@/components/ui/text-link";
import { differenceAnchor, type TV1Difference } from "@/server/v1/v1-migration";

/** The spec's "Differences v1 to v2" table, each area linking to its before-and-after section. */
export function V1DifferencesTable({ differences }: { differences: readonly TV1Difference[] }) {
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="border-b border-slate-300">
          <th className="py-2 pr-4">Area</th>
          <th className="py-2 pr-4">v1</th>
          <th className="py-2">v2</th>
        </tr>
      </thead>
      <tbody>
        {differences.map((difference) => (
          <tr key={difference.area} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-4">
              <TextLink href={`#${differenceAnchor(difference)}`}>{difference.area}</TextLink>
            </td>
            <td className="py-2 pr-4">{difference.v1}</td>
            <td className="py-2">{difference.v2}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
