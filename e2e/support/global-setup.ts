/**
 * Playwright global setup: one production server and database for the run, a real SMTP server the app
 * sends its mail to, a real OpenID provider for external sign-up, and stand-ins for Google's and
 * Microsoft's calendar APIs, for Zoom's and for the phone-call provider (Retell AI); all torn down after the run.
 */
import { randomBytes } from "node:crypto";
import { startOidcProvider } from "../demo/oidc-provider";
import { agentTlsEnvironment } from "./agent-tls";
import { startFakeGoogle } from "./fake-google";
import { startFakeMicrosoft } from "./fake-microsoft";
import { startFakePhoneCalls } from "./fake-phone-calls";
import { startFakeTwilio } from "./fake-twilio";
import { startFakeZoom } from "./fake-zoom";
import { startMailCatcher } from "./mail-catcher";
import { startTestServer } from "./test-server";

export default async function globalSetup() {
  const mail = await startMailCatcher();
  const oidc = await startOidcProvider();
  // Google's, Microsoft's and Retell's APIs cannot be reached here: local servers speak their documented REST shapes.
  const [google, microsoft, phoneCalls, zoom, twilio] = await Promise.all([
    startFakeGoogle(),
    startFakeMicrosoft(),
    startFakePhoneCalls(),
    startFakeZoom(),
    startFakeTwilio(),
  ]);
  // Agents' metadata documents are served over https on loopback by the MCP specs: the app trusts their certificate.
  const agentTls = agentTlsEnvironment();
  const server = await startTestServer({
    ...agentTls.serverEnv,
    SMTP_URL: mail.smtpUrl,
    ...oidc.env,
    ...google.serverEnv,
    ...microsoft.serverEnv,
    ...phoneCalls.serverEnv,
    ...zoom.serverEnv,
    ...twilio.serverEnv,
    // Tests serve ICS feeds and run CalDAV on loopback, which production refuses to fetch.
    ALLOW_PRIVATE_NETWORK_URLS: "true",
    CALENDAR_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    // The tests stand in for one proxy in front of the app: each claims its own address in the last
    // X-Forwarded-For entry, so one test's per-address limits never touch another's.
    TRUST_PROXY: "1",
  });
  // Workers start after this and inherit these: tests reach the app, its database, its mail and the IdP.
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.DATABASE_URL = server.databaseUrl;
  process.env.E2E_MAIL_DIR = mail.directory;
  process.env.E2E_FAKE_GOOGLE_URL = google.url;
  process.env.E2E_FAKE_MICROSOFT_URL = microsoft.url;
  process.env.E2E_FAKE_PHONE_CALLS_URL = phoneCalls.url;
  process.env.E2E_FAKE_TWILIO_URL = twilio.url;
  Object.assign(process.env, oidc.env, agentTls.workerEnv);
  return async () => {
    await server.stop();
    await Promise.all([oidc.stop(), google.stop(), microsoft.stop(), phoneCalls.stop(), zoom.stop(), twilio.stop(), mail.stop()]);
  };
}
