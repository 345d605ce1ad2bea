/** Bad input outside /v2 that used to end in a 500: NUL characters on the consent page, malformed escapes under /api. */
import http from "node:http";
import { makeOAuthClient, REDIRECT_URI } from "../../prisma/oauth-factories";
import { expect, test } from "../support/fixtures";

for (const parameter of ["client_id", "redirect_uri", "scope", "state"]) {
  test(`the consent page answers a NUL character in ${parameter} with a readable error, not a 500`, async ({ request }) => {
    const { client } = await makeOAuthClient();
    const params = { client_id: client.id, redirect_uri: REDIRECT_URI, response_type: "code", scope: "PROFILE_READ", state: "s" };
    const response = await request.get(
      `/auth/oauth2/authorize?${new URLSearchParams({ ...params, [parameter]: `${params[parameter as keyof typeof params]}\u0000` })}`,
      {
        maxRedirects: 0,
      },
    );
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(`${parameter} contains a NUL character`);
  });
}

/** Raw, so the path reaches the server as written. */
function rawGet(baseUrl: string, path: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      })
      .on("error", reject);
  });
}

for (const path of ["/api/trpc/%ZZ", "/api/trpc/auth.signUp%C0", "/api/health/%ZZ", "/api/auth/%ZZ"]) {
  test(`GET ${path} (a malformed percent-escape) is a 400 error envelope, not the framework's plain-text 500`, async ({ baseURL }) => {
    const response = await rawGet(baseURL!, path);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ status: "error", error: { code: "BAD_REQUEST" } });
  });
}
