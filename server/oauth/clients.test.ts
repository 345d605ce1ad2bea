import { sessionActor } from "../auth/actor";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { makeUser, uniqueEmail } from "@/prisma/factories";
import { makeOAuthClient } from "@/prisma/oauth-factories";
import { db } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { createClient, deleteClient, listOwnClients, updateClient } from "./clients";
import { createClientSecret } from "./client-secrets";
import type { TCreateClientInput } from "./oauth-client.schemas";
import { listClientsForReview, reviewClient } from "./review";

const valid: TCreateClientInput = {
  name: "Planner",
  websiteUrl: "https://planner.example",
  redirectUris: ["https://planner.example/cb", "http://localhost:8080/cb", "http://127.0.0.1/cb"],
  scopes: ["BOOKING_READ"],
  purpose: "Shows bookings",
  type: "CONFIDENTIAL",
};

describe("registering a client", () => {
  it("starts pending; a confidential client gets one secret shown once (stored as hash)", async () => {
    const owner = await makeUser();
    const { client, secret } = await createClient(sessionActor(owner.id), valid);
    expect(client.status).toBe("PENDING");
    expect(secret).toMatch(/^cnv_cs_[A-Za-z0-9_-]{43}$/);
    expect(client.secrets).toEqual([expect.objectContaining({ hint: secret!.slice(-4) })]);
    expect(await db.oAuthClientSecret.count({ where: { hash: secret! } })).toBe(0);
  });

  it("a public client has no secret and cannot get one", async () => {
    const owner = await makeUser();
    const { client, secret } = await createClient(sessionActor(owner.id), { ...valid, type: "PUBLIC" });
    expect(secret).toBeNull();
    await expect(createClientSecret(sessionActor(owner.id), client.id)).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("the owner cannot choose the status", async () => {
    const owner = await makeUser();
    const { client } = await createClient(sessionActor(owner.id), { ...valid, status: "ACCEPTED" } as TCreateClientInput);
    expect(client.status).toBe("PENDING");
  });

  it.each<[string, Partial<TCreateClientInput>]>([
    ["no scopes", { scopes: [] }],
    ["unknown scope", { scopes: ["READ_EVERYTHING"] }],
    ["no redirect URI", { redirectUris: [] }],
    ["11 redirect URIs", { redirectUris: Array.from({ length: 11 }, (_, i) => `https://planner.example/cb${i}`) }],
    ["duplicate redirect URIs", { redirectUris: ["https://planner.example/cb", "https://planner.example/cb"] }],
    ["http on a public host", { redirectUris: ["http://planner.example/cb"] }],
    ["fragment", { redirectUris: ["https://planner.example/cb#x"] }],
    ["relative URI", { redirectUris: ["/cb"] }],
    ["a space in a redirect URI", { redirectUris: ["https://planner.example/c b"] }],
    ["a javascript: website", { websiteUrl: "javascript:alert(document.domain)" }],
    ["a data: website", { websiteUrl: "data:text/html,<script>alert(1)</script>" }],
    ["an http website on a public host", { websiteUrl: "http://planner.example" }],
    ["a data: logo", { logoUrl: "data:image/svg+xml,<svg/>" }],
    ["a javascript: logo", { logoUrl: "javascript:alert(1)" }],
    ["an http logo on a public host", { logoUrl: "http://planner.example/logo.png" }],
  ])("refuses %s and writes nothing", async (_label, change) => {
    const owner = await makeUser();
    await expect(createClient(sessionActor(owner.id), { ...valid, ...change })).rejects.toBeInstanceOf(z.ZodError);
    expect(await listOwnClients(sessionActor(owner.id))).toEqual([]);
  });

  it("website and logo may use http on loopback, as redirect URIs may; an empty logo is none", async () => {
    const owner = await makeUser();
    const { client } = await createClient(sessionActor(owner.id), { ...valid, websiteUrl: "http://localhost:3000", logoUrl: "http://127.0.0.1/logo.png" });
    expect(client).toMatchObject({ websiteUrl: "http://localhost:3000", logoUrl: "http://127.0.0.1/logo.png" });
    expect((await updateClient(sessionActor(owner.id), { clientId: client.id, logoUrl: "" })).logoUrl).toBeNull();
    await expect(updateClient(sessionActor(owner.id), { clientId: client.id, websiteUrl: "javascript:alert(1)" })).rejects.toBeInstanceOf(z.ZodError);
  });
});

describe("editing and deleting", () => {
  it("another user's client is not found", async () => {
    const { client } = await makeOAuthClient();
    const stranger = await makeUser();
    await expect(updateClient(sessionActor(stranger.id), { clientId: client.id, name: "Mine now" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteClient(sessionActor(stranger.id), client.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a rejected client that is edited is reviewed again", async () => {
    const { client, owner } = await makeOAuthClient({ accept: false });
    const admin = await makeUser({ role: "ADMIN" });
    await reviewClient(sessionActor(admin.id), { clientId: client.id, decision: "REJECT", reason: "No privacy policy" });
    expect((await listOwnClients(sessionActor(owner.id)))[0]).toMatchObject({ status: "REJECTED", rejectionReason: "No privacy policy" });
    const edited = await updateClient(sessionActor(owner.id), { clientId: client.id, purpose: "Shows bookings; privacy policy at /privacy" });
    expect(edited).toMatchObject({ status: "PENDING", rejectionReason: null });
  });

  it("only a pending client can be reviewed", async () => {
    const { client } = await makeOAuthClient();
    const admin = await makeUser({ role: "ADMIN" });
    await expect(reviewClient(sessionActor(admin.id), { clientId: client.id, decision: "ACCEPT" })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("review mail (kept in the outbox when SMTP_URL is unset)", () => {
  it("admins hear when an accepted client goes back to pending, and not of edits that need no review", async () => {
    const admin = await makeUser({ role: "ADMIN", email: uniqueEmail("admin") });
    const { client, owner } = await makeOAuthClient({ scopes: ["BOOKING_READ", "BOOKING_WRITE"] });
    const name = `Renamed ${client.id.slice(0, 8)}`;
    expect((await updateClient(sessionActor(owner.id), { clientId: client.id, name })).status).toBe("PENDING");
    await runPendingJobs();
    const mails = await db.outboxMail.findMany({ where: { to: admin.email, subject: `OAuth client waiting for review: ${name}` } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(client.id);
    await reviewClient(sessionActor(admin.id), { clientId: client.id, decision: "ACCEPT" });
    const before = await db.outboxMail.count({ where: { to: admin.email } });
    // Scopes reordered, nothing added or removed: no re-review, so no mail.
    expect((await updateClient(sessionActor(owner.id), { clientId: client.id, scopes: ["BOOKING_WRITE", "BOOKING_READ"] })).status).toBe("ACCEPTED");
    expect(await db.queuedMail.count({ where: { to: admin.email } })).toBe(0);
    await runPendingJobs();
    expect(await db.outboxMail.count({ where: { to: admin.email } })).toBe(before);
  });

  it("admins hear of a pending client, the owner of acceptance and rejection", async () => {
    const admin = await makeUser({ role: "ADMIN", email: uniqueEmail("admin") });
    const owner = await makeUser();
    const { client } = await createClient(sessionActor(owner.id), { ...valid, name: "Mail test app" });
    // Queued with the client, sent by the job: nothing in the outbox until it ran, then the one mail and no queued row.
    expect(await db.queuedMail.count({ where: { to: admin.email, subject: { contains: "Mail test app" } } })).toBe(1);
    expect(await db.outboxMail.count({ where: { to: admin.email } })).toBe(0);
    await runPendingJobs();
    const toAdmin = await db.outboxMail.findMany({ where: { to: admin.email, subject: { contains: "Mail test app" } } });
    expect(toAdmin.map(({ text }) => text)).toEqual([expect.stringContaining(client.id)]);
    expect(await db.queuedMail.count({ where: { to: admin.email } })).toBe(0);
    await reviewClient(sessionActor(admin.id), { clientId: client.id, decision: "REJECT", reason: "Logo is blurry" });
    expect(await db.queuedMail.count({ where: { to: owner.email, subject: { contains: "rejected" } } })).toBe(1);
    // A second review of the now rejected client is refused and rolls back: no second mail.
    await expect(reviewClient(sessionActor(admin.id), { clientId: client.id, decision: "ACCEPT" })).rejects.toMatchObject({ code: "CONFLICT" });
    await runPendingJobs();
    const rejection = await db.outboxMail.findMany({ where: { to: owner.email } });
    expect(rejection.map(({ subject, text }) => [subject, text])).toEqual([
      [`Your OAuth client "Mail test app" was rejected`, expect.stringContaining("Logo is blurry")],
    ]);
    await updateClient(sessionActor(owner.id), { clientId: client.id, logoUrl: "https://planner.example/sharp.png" });
    await reviewClient(sessionActor(admin.id), { clientId: client.id, decision: "ACCEPT" });
    await runPendingJobs();
    expect(await db.outboxMail.count({ where: { to: owner.email, subject: { contains: "accepted" } } })).toBe(1);
    expect(await db.queuedMail.count({ where: { to: owner.email } })).toBe(0);
    expect((await listClientsForReview()).find((row) => row.id === client.id)?.owner?.email).toBe(owner.email);
  });
});
