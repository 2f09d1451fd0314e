import { once } from 'node:events';
import net from 'node:net';

/**
 * A TCP proxy a test controls, put between the app and PostgreSQL so the database can "go away"
 * without touching the machine's shared PostgreSQL server:
 * - `open`: connections are forwarded;
 * - `refuse`: every open connection is cut and new ones are reset at once (a database that is down);
 * - `blackhole`: every open connection is cut and new ones are accepted but never answered
 *   (a network partition: only timeouts notice it).
 */
export type ProxyMode = 'open' | 'refuse' | 'blackhole';

export interface TcpProxy {
  port: number;
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'blackhole') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');

  return {
    port: (server.address() as net.AddressInfo).port,
    setMode(next) {
      mode = next;
      if (next !== 'open') cutAll();
    },
    async close() {
      cutAll();
      server.close();
      await once(server, 'close');
    },
  };
}
