import type { TClientStatus } from "./types";

const STATUS: Record<TClientStatus, { label: string; className: string }> = {
  PENDING: { label: "Pending review", className: "bg-amber-50 text-amber-900 ring-amber-600/30" },
  ACCEPTED: { label: "Accepted", className: "bg-emerald-50 text-emerald-900 ring-emerald-600/30" },
  REJECTED: { label: "Rejected", className: "bg-red-50 text-red-900 ring-red-600/30" },
};

export function StatusBadge({ status }: { status: TClientStatus }) {
  const { label, className } = STATUS[status];
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${className}`}>{label}</span>;
}

export const TYPE_LABELS = { CONFIDENTIAL: "Confidential", PUBLIC: "Public" } as const;
