import net from 'node:net';

export type ProxyMode = 'pass' | 'blackhole';

/**
 * A TCP proxy between the app and PostgreSQL that the fault tests steer:
 * - `reset()`     every open connection is torn down with a TCP RST (the app sees ECONNRESET);
 * - `blackhole()` bytes stop flowing both ways, on open and new connections, without any FIN or
 *                 RST (a dead network path: only timeouts notice);
 * - `refuse()`    the port stops listening (ECONNREFUSED) until `heal()`;
 * - `heal()`      back to forwarding.
 */
export interface FaultProxy {
  readonly port: number;
  /** `target` (a postgres:// URL) with its host and port replaced by the proxy's. */
  url(target: string): string;
  /** Open client connections right now. */
  connections(): number;
  reset(): void;
  blackhole(): void;
  refuse(): Promise<void>;
  heal(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

export async function startFaultProxy(targetHost: string, targetPort: number): Promise<FaultProxy> {
  let mode: ProxyMode = 'pass';
  const pairs = new Set<Pair>();

  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    // Forward by hand (not pipe) so a black hole can swallow bytes mid-stream.
    client.on('data', (chunk) => {
      if (mode === 'pass') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'pass') client.write(chunk);
    });
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  const port = await listen(0);

  const reset = () => {
    for (const pair of [...pairs]) {
      pairs.delete(pair);
      pair.client.resetAndDestroy();
      pair.upstream.destroy();
    }
  };

  return {
    port,
    url(target) {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    connections: () => pairs.size,
    reset,
    blackhole() {
      mode = 'blackhole';
    },
    async refuse() {
      // close() stops accepting; the open connections go too, like a stopped server.
      const closed = stopListening();
      reset();
      await closed;
    },
    async heal() {
      mode = 'pass';
      if (!server.listening) await listen(port);
    },
    async close() {
      const closed = stopListening();
      reset();
      await closed;
    },
  };
}
