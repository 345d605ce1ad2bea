"use client";
/**
 * Toasts for results ("Saved", "Deleted"): one queue for the site, shown by <Toaster/> in the web layout.
 * React Aria's toast region is a landmark that F6 reaches, announces each toast and keeps it while focused.
 */
import {
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
  Button,
  Text,
} from "react-aria-components";
import { FOCUS_RING } from "./button";

type TToast = { title: string; tone: "success" | "error" };

const queue = new ToastQueue<TToast>({ maxVisibleToasts: 3 });

export const toast = {
  success: (title: string) => queue.add({ title, tone: "success" }, { timeout: 5000 }),
  error: (title: string) => queue.add({ title, tone: "error" }, { timeout: 8000 }),
};

const TONES = { success: "border-emerald-300 bg-emerald-50 text-emerald-900", error: "border-red-300 bg-red-50 text-red-900" } as const;

export function Toaster() {
  return (
    <ToastRegion queue={queue} className="fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
      {({ toast: item }) => (
        <Toast toast={item} className={`flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm shadow-lg ${TONES[item.content.tone]}`}>
          <ToastContent>
            <Text slot="title" className="font-medium">
              {item.content.title}
            </Text>
          </ToastContent>
          <Button slot="close" aria-label="Dismiss" className={`rounded px-1 ${FOCUS_RING}`}>
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
