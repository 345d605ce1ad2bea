/** `path` carrying the (already checked) callbackUrl along, so switching log-in ↔ sign-up keeps the destination. */
export function withCallback(path: string, callbackUrl: string): string {
  return callbackUrl === "/" ? path : `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}
