// A small TCP proxy on loopback for tests: round-robin over upstreams, the next one tried when one refuses, and the
// client's connection accepted and then closed when none answers (what a TCP load balancer in front of a stopped
// PostgreSQL or a dead API node does).
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface Upstream {
  readonly host: string;
  readonly port: number;
}

export class TcpProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private next = 0;
  /** Connections handed to each upstream, by `host:port`. */
  readonly handed = new Map<string, number>();

  private constructor(private readonly upstreams: () => readonly Upstream[]) {
    this.server = createServer((client) => this.accept(client));
  }

  /** Listen on 127.0.0.1 (a free port unless one is given) in front of what `upstreams` names at each connection. */
  static async start(upstreams: () => readonly Upstream[], port = 0): Promise<TcpProxy> {
    const proxy = new TcpProxy(upstreams);
    await new Promise<void>((resolve, reject) => proxy.server.once('error', reject).listen(port, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  /** Stop accepting and cut every connection through the proxy. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return socket;
  }

  private accept(client: Socket): void {
    this.track(client);
    // What the client sends before an upstream answers is kept for it (and read, so a refusal closes with a FIN, as
    // HAProxy's does, rather than a reset).
    const early: Buffer[] = [];
    const keep = (chunk: Buffer) => early.push(chunk);
    client.on('data', keep);
    client.on('error', () => client.destroy());
    const upstreams = this.upstreams();
    const start = this.next++;
    const attempt = (tried: number): void => {
      if (client.destroyed) return;
      if (tried >= upstreams.length) return void client.end(); // nobody home: accepted, then closed
      const target = upstreams[(start + tried) % upstreams.length] as Upstream;
      const upstream = this.track(connect(target.port, target.host));
      let connected = false;
      upstream.on('error', () => (connected ? client.destroy() : attempt(tried + 1)));
      upstream.once('connect', () => {
        connected = true;
        const key = `${target.host}:${target.port}`;
        this.handed.set(key, (this.handed.get(key) ?? 0) + 1);
        client.off('data', keep);
        for (const chunk of early) upstream.write(chunk);
        client.pipe(upstream).pipe(client);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
      });
    };
    attempt(0);
  }
}
