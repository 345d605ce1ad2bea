"use client";
import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";

/** A modal dialog (React Aria) holding a form: focus is trapped inside, Escape closes it and focus returns to the opener. */
export function FormDialog({ isOpen, title, onClose, children }: { isOpen: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="max-h-full w-full max-w-lg overflow-auto rounded-lg bg-white p-6 text-slate-900 shadow-xl">
        <Dialog className="outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            {title}
          </Heading>
          <div className="mt-4">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
