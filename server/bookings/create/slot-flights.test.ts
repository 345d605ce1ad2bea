/** inSlotFlight: identical slot requests of one process wait for the one booking it; a booking settles them with 409. */
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { inSlotFlight, seatFlightKey, slotFlightKey, slotsInFlight } from "./sharing";

function gate<T>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const opened = new Promise<T>((resolve, reject) => ((open = resolve), (fail = reject)));
  return { opened, open, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe("slot flights", () => {
  it("a request arriving while another books the slot waits, and gets 409 without running when that one books it", async () => {
    const key = slotFlightKey(1, new Date("2030-01-01T10:00:00Z"), 30);
    const leader = gate<{ created: boolean }>();
    let ranAfter = 0;
    const first = inSlotFlight(
      key,
      () => leader.opened,
      (result) => result.created,
    );
    const followers = Array.from({ length: 5 }, () =>
      statusOf(
        inSlotFlight(
          key,
          async () => ((ranAfter += 1), { created: true }),
          (result) => result.created,
        ),
      ),
    );
    await tick();
    expect(slotsInFlight()).toBe(1);
    leader.open({ created: true });
    expect(await first).toEqual({ created: true });
    expect(await Promise.all(followers)).toEqual(Array(5).fill("CONFLICT"));
    expect(ranAfter).toBe(0);
    expect(slotsInFlight()).toBe(0);
  });

  it("when the request in flight books nothing, the waiters run, one flight at a time", async () => {
    const key = slotFlightKey(2, new Date("2030-01-01T10:00:00Z"), 30);
    const leader = gate<{ created: boolean }>();
    const first = statusOf(
      inSlotFlight(
        key,
        () => leader.opened,
        (result) => result.created,
      ),
    );
    let running = 0;
    let mostAtOnce = 0;
    const waiter = () =>
      statusOf(
        inSlotFlight(
          key,
          async () => {
            running += 1;
            mostAtOnce = Math.max(mostAtOnce, running);
            await tick();
            running -= 1;
            throw new Error("refused for itself");
          },
          () => true,
        ),
      );
    const waiters = [waiter(), waiter(), waiter()];
    leader.fail(new Error("taken"));
    expect(await first).toBe("Error: taken");
    expect(await Promise.all(waiters)).toEqual(Array(3).fill("Error: refused for itself"));
    expect(mostAtOnce).toBe(1);
    expect(slotsInFlight()).toBe(0);
  });

  it("other slots (another start, length or event type) never wait", async () => {
    const start = new Date("2030-01-01T10:00:00Z");
    const leader = gate<{ created: boolean }>();
    const first = inSlotFlight(
      slotFlightKey(3, start, 30),
      () => leader.opened,
      () => true,
    );
    const others = [slotFlightKey(3, start, 60), slotFlightKey(4, start, 30), slotFlightKey(3, new Date("2030-01-01T10:30:00Z"), 30)];
    expect(
      await Promise.all(
        others.map((key) =>
          inSlotFlight(
            key,
            async () => "done",
            () => true,
          ),
        ),
      ),
    ).toEqual(["done", "done", "done"]);
    leader.open({ created: true });
    await first;
  });

  it("a seat's flight: a refusal saying the time is full settles the waiters with the rule's refusal, without running them", async () => {
    const key = seatFlightKey(5, new Date("2030-01-01T10:00:00Z"));
    const full = new AppError("CONFLICT", "No seats are left at this time");
    const rules = { filledBy: (error: unknown) => error === full, refusal: () => new AppError("CONFLICT", "No seats left (waiter)") };
    const leader = gate<{ lastSeat: boolean }>();
    let ranAfter = 0;
    const first = statusOf(
      inSlotFlight(
        key,
        () => leader.opened,
        (seat) => seat.lastSeat,
        rules,
      ),
    );
    const messages = Array.from({ length: 4 }, () =>
      inSlotFlight(
        key,
        async () => ((ranAfter += 1), { lastSeat: false }),
        (seat) => seat.lastSeat,
        rules,
      ).then(
        () => "ran",
        (error: Error) => error.message,
      ),
    );
    leader.fail(full);
    expect(await first).toBe("CONFLICT");
    expect(await Promise.all(messages)).toEqual(Array(4).fill("No seats left (waiter)"));
    expect(ranAfter).toBe(0);
  });

  it("a seat that is not the last wakes the next waiter to take its own seat", async () => {
    const key = seatFlightKey(6, new Date("2030-01-01T10:00:00Z"));
    let taken = 0;
    const take = () =>
      inSlotFlight(
        key,
        async () => ({ lastSeat: ++taken === 3 }),
        (seat) => seat.lastSeat,
      );
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => statusOf(take())));
    expect(outcomes).toEqual(["ok", "ok", "ok", "CONFLICT", "CONFLICT"]);
    expect(taken).toBe(3);
  });
});
