/**
 * The embedded database a newcomer gets when DATABASE_URL is unset: PGlite (PostgreSQL in WASM) kept
 * under .data/, served over the Postgres wire protocol on loopback so the app keeps one driver (pg),
 * one Prisma adapter and one set of migrations. A running instance advertises its port in a file so
 * the operator CLI can reach it instead of opening the same data directory twice.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** .data/ in the checkout; CONVENE_DATA_DIR moves it (tests run `npm start` over a scratch folder). */
export const DATA_DIR = path.resolve(process.env.CONVENE_DATA_DIR ?? path.join(import.meta.dirname, "../../.data"));
const PGLITE_DIR = path.join(DATA_DIR, "pglite");
const ADVERT_FILE = path.join(DATA_DIR, "pglite.json");
/** The socket multiplexes connections; it keeps a transaction on the connection that opened it. */
const MAX_CONNECTIONS = 32;

export type DatabaseHandle = { url: string; isEmbedded: boolean; stop: () => Promise<void> };

const urlForPort = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.setTimeout(500);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

async function findRunningEmbedded(): Promise<number | null> {
  const advert = await readFile(ADVERT_FILE, "utf8").catch(() => null);
  if (!advert) return null;
  const { port } = JSON.parse(advert) as { port: number };
  return (await canConnect(port)) ? port : null;
}

/** Extended-query messages (Parse, Bind, Describe, Execute, Close, Flush): a connection's batch stays open until its Sync. */
const EXTENDED_QUERY_MESSAGES = new Set(["P", "B", "D", "E", "C", "H"].map((type) => type.charCodeAt(0)));

/**
 * pglite-socket queues each protocol message on its own and keeps one connection's turn only while the backend
 * is in a transaction. So between one connection's Parse and its Sync, another connection's BEGIN and queries
 * could run on the single backend and replace the unnamed statement and portal: the first query then fails
 * (`portal "" does not exist`) or answers with another query's rows. This view of the database also reports
 * "in a transaction" while a connection's extended-query batch is open, so the queue keeps that connection's
 * turn until its Sync. (`exec` is the queue's ROLLBACK for a connection that left mid-turn.)
 */
export function batchAwareDatabase(db: PGlite): PGlite {
  let isBatchOpen = false;
  return new Proxy(db, {
    get(target, property) {
      if (property === "isInTransaction") return () => isBatchOpen || target.isInTransaction();
      if (property === "execProtocolRawStream") {
        return async (message: Uint8Array, options: Parameters<PGlite["execProtocolRawStream"]>[1]) => {
          try {
            await target.execProtocolRawStream(message, options);
            isBatchOpen = EXTENDED_QUERY_MESSAGES.has(message[0]!);
          } catch (error) {
            isBatchOpen = false;
            throw error;
          }
        };
      }
      if (property === "exec") {
        return (...args: Parameters<PGlite["exec"]>) => {
          isBatchOpen = false;
          return target.exec(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Starts PGlite over .data/pglite in this process and serves it on a free loopback port. */
export async function startEmbeddedDatabase(): Promise<DatabaseHandle> {
  await mkdir(PGLITE_DIR, { recursive: true });
  const db = await PGlite.create({ dataDir: PGLITE_DIR, extensions: { btree_gist } });
  const server = new PGLiteSocketServer({ db: batchAwareDatabase(db), host: "127.0.0.1", port: 0, maxConnections: MAX_CONNECTIONS });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  await writeFile(ADVERT_FILE, JSON.stringify({ port, pid: process.pid }));
  return {
    url: urlForPort(port),
    isEmbedded: true,
    stop: async () => {
      await server.stop();
      await db.close();
      await rm(ADVERT_FILE, { force: true });
    },
  };
}

/**
 * DATABASE_URL when set; otherwise the embedded database of a running Convene, or a fresh embedded
 * instance owned by the caller (who must call stop()).
 */
export async function openDatabase(): Promise<DatabaseHandle> {
  const configured = process.env.DATABASE_URL;
  if (configured) return { url: configured, isEmbedded: process.env.CONVENE_EMBEDDED_DB === "1", stop: async () => {} };
  // Tells server/db/client.ts (in this process and, through the start script, in Next.js) what it talks to.
  process.env.CONVENE_EMBEDDED_DB = "1";
  const runningPort = await findRunningEmbedded();
  if (runningPort) return { url: urlForPort(runningPort), isEmbedded: true, stop: async () => {} };
  return startEmbeddedDatabase();
}
