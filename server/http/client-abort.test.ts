/** A request whose client went away mid-body is logged as aborted, never as a database outage (issue 33). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "../log";
import { isDatabaseUnavailable } from "../db/unavailable";
import { ClientAbortedRequest, isClientAbort } from "./client-abort";
import { toErrorResponse } from "./envelope";
import { readCappedText } from "./request-input";

/** What node:http's IncomingMessage reports when the socket closes before the body ended. */
const nodeAbort = () => Object.assign(new Error("aborted"), { code: "ECONNRESET" });

function requestWhoseBodyBreaks(): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"start": "2026-'));
      controller.error(nodeAbort());
    },
  });
  return new Request("http://localhost/v2/bookings", { method: "POST", body, duplex: "half" } as RequestInit);
}

afterEach(() => vi.restoreAllMocks());

describe("a client that aborts its request", () => {
  it("reading its body fails as ClientAbortedRequest, which is no database outage", async () => {
    const error = await readCappedText(requestWhoseBodyBreaks()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ClientAbortedRequest);
    expect(isClientAbort(error)).toBe(true);
    // The raw error alone looks like a reset database connection: that is why it is told apart first.
    expect(isDatabaseUnavailable(nodeAbort())).toBe(true);
  });

  it("is answered 400 and logged as aborted, not as 'database unavailable'", async () => {
    const info = vi.spyOn(log, "info");
    const warn = vi.spyOn(log, "warn");
    for (const error of [new ClientAbortedRequest(nodeAbort()), nodeAbort()]) {
      const response = toErrorResponse(error, "req-1");
      expect(response.status).toBe(400);
    }
    expect(info).toHaveBeenCalledWith(expect.stringContaining("aborted by its client"), { requestId: "req-1" });
    expect(warn).not.toHaveBeenCalled();
  });
});
