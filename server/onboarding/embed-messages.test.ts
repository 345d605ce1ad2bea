import { describe, expect, it } from "vitest";
import { parseEmbedMessage } from "../../packages/onboarding-embed/src/protocol";
import { embedMessage } from "./embed-messages";

describe("embedMessage", () => {
  it.each([
    [embedMessage("onboarding:resize", { width: 480, height: 612 }), { width: 480, height: 612 }],
    [embedMessage("authorization:allowed", { code: "c-1", state: "s-1" }), { code: "c-1", state: "s-1" }],
    [embedMessage("authorization:denied", { error: "access_denied", state: "s-1" }), { error: "access_denied", state: "s-1" }],
    [embedMessage("onboarding:error", { code: "INVALID_PROPS", message: "Unknown client" }), { code: "INVALID_PROPS", message: "Unknown client" }],
    [embedMessage("onboarding:close", {}), {}],
  ])("puts the fields of %j at the top level, for the peer's component, and under data", (message, fields) => {
    expect(message).toEqual({ type: message.type, ...fields, data: fields });
    // What crosses postMessage is a structured clone: the shape must survive it.
    expect(structuredClone(message)).toEqual(message);
  });

  it("is read by Convene's own component as before", () => {
    expect(parseEmbedMessage(embedMessage("authorization:allowed", { code: "c-1", state: "s-1" }))).toEqual({
      type: "authorization:allowed",
      data: { code: "c-1", state: "s-1" },
    });
    expect(parseEmbedMessage(embedMessage("onboarding:resize", { width: 400, height: 300 }))).toEqual({
      type: "onboarding:resize",
      data: { width: 400, height: 300 },
    });
  });
});
