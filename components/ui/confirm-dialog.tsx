"use client";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";

type Props = {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isPending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** A modal <dialog>: the browser traps focus, closes on Escape and returns focus to the opener. */
export function ConfirmDialog({ isOpen, title, children, confirmLabel, isPending, error, onConfirm, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (isOpen && !dialog?.open) dialog?.showModal();
    if (!isOpen && dialog?.open) dialog.close();
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 text-sm text-slate-600">{children}</div>
      {error && (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={isPending}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
