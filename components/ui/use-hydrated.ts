import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False in the server's HTML, true once React runs in the browser. Buttons stay disabled until then: a
 * form submitted before hydration would go out as a native GET, with the password in the URL.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
