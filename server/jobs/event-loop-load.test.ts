import { describe, expect, it } from "vitest";
import { recentLoopUtilization } from "./event-loop-load";

const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the event loop's recent load", () => {
  it("reads near full after code ran without a pause, and low after the loop waited", async () => {
    recentLoopUtilization();
    await idle(60);
    recentLoopUtilization(); // a new window starts here
    spin(70);
    expect(recentLoopUtilization()).toBeGreaterThan(0.8);
    await idle(70);
    expect(recentLoopUtilization()).toBeLessThan(0.5);
  });
});
