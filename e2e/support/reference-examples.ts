/**
 * Runs one of the API reference's curl examples the way a developer would on a fresh install: a new account with an
 * API key (and, where the page says so, an organization it owns, as `npm run cli -- org:create` makes it), the lines
 * of the page's setup block that define the variables the example uses, then the example itself, in bash.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { makeApiKey, uniqueEmail, DEFAULT_PASSWORD } from "../../prisma/factories";
import { createOnboardedUser } from "../../server/onboarding/onboarding.service";
import { createOrganizationAsOperator } from "../../server/organizations/organization.service";
import { curlSnippet } from "../../components/docs/api-snippets";
import { exampleRequestOf, setupBlock } from "../../components/docs/example-request";
import { apiKeyLine, withDependencies } from "../../components/docs/example-variables";
import type { TOperationView } from "../../components/docs/openapi-view";

export type TExampleRun = { status: number; output: string };

/** A fresh account as the site's sign-up and onboarding make it, with an API key; and its organization if asked. */
async function freshAccount(withOrganization: boolean) {
  const email = uniqueEmail("examples");
  const user = await createOnboardedUser({ email, password: DEFAULT_PASSWORD });
  if (withOrganization) await createOrganizationAsOperator({ name: "Acme", slug: `acme-${randomBytes(4).toString("hex")}`, ownerEmail: email });
  return { apiKey: await makeApiKey(user.id) };
}

/**
 * The example's HTTP status. The block's own lines run as written except the API key's, which is the fresh
 * account's; `curl` is then wrapped to print the status after the answer, the example's text left untouched.
 */
export async function runExample(operation: TOperationView, baseUrl: string): Promise<TExampleRun> {
  const request = exampleRequestOf(operation);
  const needsOrganization = withDependencies(request.variables).some((variable) => variable.prerequisite === "organization");
  const { apiKey } = await freshAccount(needsOrganization);
  const setup = setupBlock(request.variables, baseUrl).replace(apiKeyLine, `CONVENE_API_KEY=${apiKey}`);
  const script = ["set -euo pipefail", setup, `curl() { command curl -sS -w '\\n%{http_code}' "$@"; }`, curlSnippet(operation)].join("\n");
  const result = await promisify(execFile)("bash", ["-c", script], { timeout: 60_000, maxBuffer: 10 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ stdout, stderr, failed: false }),
    (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? "", failed: true }),
  );
  const status = result.failed ? NaN : Number(result.stdout.trimEnd().split("\n").at(-1));
  return { status, output: `${result.stderr}${result.stdout}`.slice(-2_000) };
}
