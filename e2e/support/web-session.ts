/** A signed-in web session in a request context, through the same credentials callback the log-in form posts to. */
import type { APIRequestContext } from "@playwright/test";
import { DEFAULT_PASSWORD } from "../../prisma/factories";
import { expect } from "./fixtures";

export async function logIn(request: APIRequestContext, email: string, password = DEFAULT_PASSWORD) {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, callbackUrl: "/" },
    maxRedirects: 0,
  });
  expect(new URL(response.headers()["location"]!, "http://x").pathname).toBe("/");
}
