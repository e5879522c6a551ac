import net from 'node:net';

/**
 * A TCP proxy on loopback between a server process and a shared service (PostgreSQL, Redis), so a
 * test can take the service away from one server without touching the machine's own service,
 * which other tests use at the same time.
 */
export interface TcpProxy {
  /** The loopback port the server connects to instead of the service's. */
  port: number;
  /** `proto://user@127.0.0.1:<proxy port>/path`: `serviceUrl` with its address replaced. */
  urlFor(serviceUrl: string): string;
  /** Connections open through the proxy now. */
  openConnections(): number;
  /**
   * An outage: every open connection is cut (reset) and new ones are refused (the port stops
   * listening), as when the service restarts or its host goes away.
   */
  cut(): Promise<void>;
  /** The service is back: the proxy listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: net.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    // Either side ending or failing ends the other, as a real network path would.
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await listen(server, 0);
  let listening = true;

  const cutAll = () => {
    for (const [client, upstream] of pairs) {
      // resetAndDestroy sends an RST, so the peer sees ECONNRESET rather than a polite FIN.
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    pairs.clear();
  };

  return {
    port,
    urlFor(serviceUrl) {
      const url = new URL(serviceUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    openConnections: () => pairs.size,
    async cut() {
      if (listening) {
        listening = false;
        // close() stops accepting at once; its callback waits for open connections, cut below.
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        cutAll();
        await closed;
      }
    },
    async restore() {
      if (!listening) {
        await listen(server, port);
        listening = true;
      }
    },
    async close() {
      cutAll();
      if (listening) {
        listening = false;
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
