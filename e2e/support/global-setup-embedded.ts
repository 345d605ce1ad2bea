/**
 * Global setup of the embedded-database run (playwright.embedded.config.ts): `npm start` with no
 * DATABASE_URL, as a newcomer runs it. Workers reach the app and, for their fixtures, the embedded
 * database through the socket npm start serves it on.
 */
import { agentTlsEnvironment } from "./agent-tls";
import { startNpmStart } from "./npm-start-server";

export default async function globalSetup() {
  // Tests serve ICS feeds on loopback, which production refuses to fetch.
  // Agents' metadata documents are served over https on loopback by the MCP specs: the app trusts their certificate.
  const agentTls = agentTlsEnvironment();
  const server = await startNpmStart({ ALLOW_PRIVATE_NETWORK_URLS: "true", ...agentTls.serverEnv });
  Object.assign(process.env, agentTls.workerEnv, {
    E2E_BASE_URL: server.baseUrl,
    DATABASE_URL: server.databaseUrl,
    CONVENE_EMBEDDED_DB: "1",
    CONVENE_DATA_DIR: server.dataDir,
    E2E_NPM_START_LOG: server.logFile,
  });
  return () => server.stop();
}
