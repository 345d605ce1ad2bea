/**
 * A real SMTP server on loopback for the end-to-end run. Each received message is written as a file
 * into a folder the test workers read, so a test can wait for "the e-mail arrives".
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export type MailCatcher = { smtpUrl: string; directory: string; stop: () => Promise<void> };

export async function startMailCatcher(): Promise<MailCatcher> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "convene-mail-"));
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const file = path.join(directory, `${Date.now()}-${sequence++}.json`);
        writeFileSync(file, JSON.stringify({ to: recipients, raw: Buffer.concat(chunks).toString("utf8") }));
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const { port } = server.server.address() as AddressInfo;
  return { smtpUrl: `smtp://127.0.0.1:${port}`, directory, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

export type CaughtMail = { to: string[]; raw: string; subject: string; /** every MIME part, transfer-decoded */ text: string };

/** Quoted-printable escapes are the bytes of UTF-8 text: decoded to bytes first, so "–" or a thin space survive. */
function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < soft.length; index++) {
    const escape = soft[index] === "=" ? /^[0-9A-F]{2}/i.exec(soft.slice(index + 1, index + 3)) : null;
    if (escape) {
      bytes.push(parseInt(escape[0], 16));
      index += 2;
    } else bytes.push(...Buffer.from(soft[index]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The message's parts with base64 and quoted-printable bodies decoded, so tests can read attachments. */
export function decodedParts(raw: string): string {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]!);
  const parts = boundaries.length ? raw.split(new RegExp(boundaries.map((b) => `--${b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).join("|"))) : [raw];
  return parts
    .map((part) => {
      const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join("\n\n");
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
      return body;
    })
    .join("\n");
}

/** The Subject header unfolded and with RFC 2047 encoded words (=?UTF-8?Q?…?= / ?B?) decoded. */
export function subjectOf(raw: string): string {
  const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  const decodeQ = (text: string) =>
    decodeURIComponent(
      text
        .replace(/%/g, "%25")
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/gi, "%$1"),
    );
  return folded
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/\r?\n(?=[ \t])/g, "")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQ(text),
    )
    .trim();
}

/** Mails caught so far for `recipient` (set E2E_MAIL_DIR in the workers). */
export function mailsTo(recipient: string): CaughtMail[] {
  const directory = process.env.E2E_MAIL_DIR;
  if (!directory) throw new Error("E2E_MAIL_DIR is not set: run through Playwright's global setup");
  return mailsIn(directory, recipient);
}

/** Mails for `recipient` caught by the catcher writing into `directory` (a spec's own catcher). */
export function mailsIn(directory: string, recipient: string): CaughtMail[] {
  return readdirSync(directory)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(directory, file), "utf8")) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(recipient.toLowerCase()))
    .map((mail) => ({ ...mail, subject: subjectOf(mail.raw), text: decodedParts(mail.raw) }));
}
