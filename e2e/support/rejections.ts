/** Assertions on failed promises, shared by the service tests. */
import { expect } from "vitest";
import { AppError } from "../../server/errors";

/** The reason a promise was rejected with; fails the test when it resolves. */
export const rejectionOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (reason: unknown) => reason,
  );

export async function expectAppError(promise: Promise<unknown>, code: AppError["code"]): Promise<AppError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}
