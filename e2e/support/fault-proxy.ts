/**
 * A loopback TCP proxy in front of a real server that a test can break the way databases break:
 * `freeze()` stops forwarding bytes (a SIGSTOPped or partitioned server: connections stay open, nothing
 * answers), `cut()` drops every open connection (a crashed server, a restart), `refuse()` also stops
 * listening (a stopped server: ECONNREFUSED), and `heal()` undoes all of it.
 */
import net from "node:net";

export type FaultProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  freeze(): void;
  cut(): void;
  refuse(): Promise<void>;
  heal(): Promise<void>;
  close(): Promise<void>;
};

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let isFrozen = false;

  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (isFrozen) for (const socket of pair) socket.pause();
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  let port = 0;
  const listen = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen();
  port = (server.address() as net.AddressInfo).port;

  const cut = () => {
    for (const pair of [...pairs]) for (const socket of pair) socket.destroy();
    pairs.clear();
  };
  return {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    freeze() {
      isFrozen = true;
      // pause() alone leaves what pipe() has buffered flowing; unpiping stops forwarding outright.
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    cut,
    async refuse() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async heal() {
      if (isFrozen) {
        isFrozen = false;
        for (const [client, upstream] of pairs) {
          client.pipe(upstream);
          upstream.pipe(client);
        }
      }
      if (!server.listening) await listen();
    },
    async close() {
      cut();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
