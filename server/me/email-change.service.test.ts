import { afterAll, describe, expect, it } from "vitest";
import { makeUser, uniqueEmail } from "../../prisma/factories";
import { sessionActor } from "../auth/actor";
import { hashSecret } from "../auth/secrets";
import { db, disconnectDb } from "../db/client";
import { AppError } from "../errors";
import { confirmEmailChange, requestEmailChange } from "./email-change.service";

afterAll(() => disconnectDb());

/** The token as only the mail carries it. */
async function mailedToken(to: string): Promise<string> {
  const mail = await db.queuedMail.findFirstOrThrow({ where: { to }, orderBy: { id: "desc" } });
  return /\/auth\/confirm-email\/(cnv_ec_[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe("requestEmailChange and confirmEmailChange", () => {
  it("keeps the address until the mailed link confirms it, stores only the token's hash, and the link works once", async () => {
    const user = await makeUser();
    const newEmail = uniqueEmail("moved");
    await requestEmailChange(sessionActor(user.id), { email: newEmail.toUpperCase() });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    const token = await mailedToken(newEmail);
    const stored = await db.emailChangeRequest.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).toBe(hashSecret(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await db.queuedMail.count({ where: { to: user.email, text: { contains: newEmail } } })).toBe(1);

    expect(await confirmEmailChange({ token })).toEqual({ email: newEmail });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(newEmail);
    expect((await failure(confirmEmailChange({ token })))?.code).toBe("BAD_REQUEST");
  });

  it("refuses an expired link, and a replaced one", async () => {
    const user = await makeUser();
    const first = uniqueEmail("first");
    await requestEmailChange(sessionActor(user.id), { email: first });
    const firstToken = await mailedToken(first);
    const second = uniqueEmail("second");
    await requestEmailChange(sessionActor(user.id), { email: second });
    expect((await failure(confirmEmailChange({ token: firstToken })))?.code).toBe("BAD_REQUEST");

    await db.emailChangeRequest.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await failure(confirmEmailChange({ token: await mailedToken(second) })))?.code).toBe("BAD_REQUEST");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it("refuses another account's address on the field, and the address taken between request and confirmation", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const taken = await failure(requestEmailChange(sessionActor(user.id), { email: other.email }));
    expect(taken?.code).toBe("CONFLICT");
    expect(taken?.details).toEqual([{ path: "body.email", message: "An account with this e-mail already exists" }]);

    const wanted = uniqueEmail("raced");
    await requestEmailChange(sessionActor(user.id), { email: wanted });
    await makeUser({ email: wanted });
    expect((await failure(confirmEmailChange({ token: await mailedToken(wanted) })))?.code).toBe("CONFLICT");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });
});
