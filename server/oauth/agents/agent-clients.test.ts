import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { sessionActor } from "../../auth/actor";
import { ALL_SCOPES, SCOPES } from "../../auth/scopes";
import { db } from "../../db/client";
import { checkAuthorizationRequest } from "../authorize";
import { OAuthError } from "../oauth-error";
import { reviewClient } from "../review";
import { decideAgentClient, getAgentPolicy, setAgentPolicy } from "./agent-policy";
import { registerDynamicClient } from "./dynamic-registration";
import { ClientMetadataError, ensureMetadataDocumentClient, isMetadataDocumentClientId } from "./metadata-document";

const REDIRECT = "https://agent.example.test/callback";
const address = () => `198.51.100.${randomBytes(1)[0]}`;
const register = (extra: Record<string, unknown> = {}) =>
  registerDynamicClient({ client_name: "Test agent", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", ...extra }, address());
const authorize = (clientId: string, scope: string) =>
  checkAuthorizationRequest({ client_id: clientId, redirect_uri: REDIRECT, response_type: "code", scope, code_challenge: "a".repeat(43) });

async function usePolicy(policy: "REVIEW_EACH" | "ALLOWED_DOMAINS" | "USER_SCOPES", domains: string[] = []) {
  const admin = await makeUser({ role: "ADMIN" });
  await setAgentPolicy(sessionActor(admin.id), { policy, domains });
}

afterAll(() => usePolicy("USER_SCOPES"));

describe("the agent policy decides a new client (pure)", () => {
  const settings = (policy: "REVIEW_EACH" | "ALLOWED_DOMAINS" | "USER_SCOPES") => ({ policy, domains: ["agents.example.com"] });
  const userLevel = ALL_SCOPES.filter((scope) => SCOPES[scope].level === "user");
  it("REVIEW_EACH: every client waits, listed or not", () => {
    expect(decideAgentClient(settings("REVIEW_EACH"), ["agents.example.com"]).status).toBe("PENDING");
  });
  it("ALLOWED_DOMAINS: a listed domain and its subdomains are accepted for every scope; others wait", () => {
    expect(decideAgentClient(settings("ALLOWED_DOMAINS"), ["cal.agents.example.com"])).toEqual({ status: "ACCEPTED", scopes: ALL_SCOPES });
    expect(decideAgentClient(settings("ALLOWED_DOMAINS"), ["evil-agents.example.com"]).status).toBe("PENDING");
    // Every host must be listed: one redirect URI elsewhere sends codes elsewhere.
    expect(decideAgentClient(settings("ALLOWED_DOMAINS"), ["agents.example.com", "elsewhere.test"]).status).toBe("PENDING");
  });
  it("USER_SCOPES: any client is accepted for user-level scopes only; a listed domain for every scope", () => {
    expect(decideAgentClient(settings("USER_SCOPES"), ["unknown.test"])).toEqual({ status: "ACCEPTED", scopes: userLevel });
    expect(decideAgentClient(settings("USER_SCOPES"), ["agents.example.com"])).toEqual({ status: "ACCEPTED", scopes: ALL_SCOPES });
  });
});

describe("dynamic registration under each policy", () => {
  it("REVIEW_EACH: registered but pending; the consent page refuses it until an admin accepts", async () => {
    await usePolicy("REVIEW_EACH");
    const client = await register();
    expect(client.convene_review_status).toBe("pending");
    expect(await authorize(client.client_id, "PROFILE_READ")).toMatchObject({
      kind: "page-error",
      message: expect.stringMatching(/administrator has been asked/),
    });
    const admin = await makeUser({ role: "ADMIN" });
    await reviewClient(sessionActor(admin.id), { clientId: client.client_id, decision: "ACCEPT" });
    expect((await authorize(client.client_id, "PROFILE_READ")).kind).toBe("valid");
  });
  it("ALLOWED_DOMAINS: a client whose redirect URIs are on a listed domain is usable at once with team scopes", async () => {
    await usePolicy("ALLOWED_DOMAINS", ["agent.example.test"]);
    const listed = await register({ scope: "PROFILE_READ" });
    expect(listed.convene_review_status).toBe("accepted");
    expect(listed.scope.split(" ")).toContain("TEAM_PROFILE_READ");
    expect((await authorize(listed.client_id, "TEAM_PROFILE_READ")).kind).toBe("valid");
    const other = await registerDynamicClient(
      { client_name: "Other", redirect_uris: ["https://other.test/cb"], token_endpoint_auth_method: "none" },
      address(),
    );
    expect(other.convene_review_status).toBe("pending");
  });
  it("USER_SCOPES: any client is usable for user-level scopes; a team scope is refused as beyond the client's", async () => {
    await usePolicy("USER_SCOPES");
    const client = await register({ scope: "BOOKING_READ TEAM_PROFILE_READ" });
    expect(client.convene_review_status).toBe("accepted");
    expect(client.scope.split(" ")).toContain("BOOKING_READ");
    expect(client.scope.split(" ")).not.toContain("TEAM_PROFILE_READ");
    expect((await authorize(client.client_id, "BOOKING_READ")).kind).toBe("valid");
    expect(await authorize(client.client_id, "TEAM_PROFILE_READ")).toMatchObject({ kind: "redirect-error" });
  });
  it("a confidential registration gets a secret once; bad metadata is refused with RFC 7591's error codes", async () => {
    await usePolicy("USER_SCOPES");
    const confidential = await register({ token_endpoint_auth_method: "client_secret_basic" });
    expect(confidential.client_secret).toMatch(/.{20,}/);
    const stored = await db.oAuthClient.findUniqueOrThrow({ where: { id: confidential.client_id }, select: { ownerId: true, registration: true, type: true } });
    expect(stored).toEqual({ ownerId: null, registration: "DYNAMIC", type: "CONFIDENTIAL" });
    await expect(register({ redirect_uris: ["http://evil.test/cb"] })).rejects.toMatchObject({ error: "invalid_redirect_uri" });
    await expect(register({ client_name: "" })).rejects.toMatchObject({ error: "invalid_client_metadata" });
    await expect(register({ grant_types: ["client_credentials"] })).rejects.toBeInstanceOf(OAuthError);
  });
  it("the admin's policy is read back as set", async () => {
    await usePolicy("ALLOWED_DOMAINS", ["B.example.com", "a.example.com", "a.example.com"]);
    expect(await getAgentPolicy()).toEqual({ policy: "ALLOWED_DOMAINS", domains: ["a.example.com", "b.example.com"] });
    const user = await makeUser();
    await expect(setAgentPolicy(sessionActor(user.id), { policy: "USER_SCOPES", domains: [] })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("client ID metadata documents", () => {
  it("only https URLs with a path are metadata document client ids", () => {
    expect(isMetadataDocumentClientId("https://agent.example.com/client.json")).toBe(true);
    expect(isMetadataDocumentClientId("https://agent.example.com/")).toBe(false);
    expect(isMetadataDocumentClientId("http://agent.example.com/client.json")).toBe(false);
    expect(isMetadataDocumentClientId("https://user:pw@agent.example.com/client.json")).toBe(false);
    expect(isMetadataDocumentClientId("https://agent.example.com/a/../client.json")).toBe(false);
    expect(isMetadataDocumentClientId("0123456789abcdef0123456789abcdef")).toBe(false);
  });
  it("a client id on a private address is refused before anything is fetched, and no client is created", async () => {
    const onPrivateName = "https://agent.internal.example.test/client.json";
    const resolve = async () => [{ address: "10.0.0.7", family: 4 }];
    await expect(ensureMetadataDocumentClient(onPrivateName, resolve)).rejects.toThrow(ClientMetadataError);
    await expect(ensureMetadataDocumentClient(onPrivateName, resolve)).rejects.toThrow(/private or reserved address/);
    await expect(ensureMetadataDocumentClient("https://169.254.169.254/latest/meta-data.json")).rejects.toThrow(/private or reserved address/);
    expect(await db.oAuthClient.count({ where: { id: { in: [onPrivateName, "https://169.254.169.254/latest/meta-data.json"] } } })).toBe(0);
    const check = await checkAuthorizationRequest({ client_id: "https://10.1.2.3/client.json", redirect_uri: REDIRECT, scope: "PROFILE_READ" });
    expect(check).toMatchObject({ kind: "page-error", message: expect.stringMatching(/could not be fetched.*private/) });
  });
});
