// The load clients' HTTP: a minimal keep-alive HTTP/1.1 connection (bench/apiClient.ts, bench/floorClient.ts).
import net from 'node:net';

export interface Reply {
  status: number;
  body: unknown;
}

/**
 * One keep-alive HTTP/1.1 connection carrying one request at a time, like wrk: the load client shares the two
 * cores with the server and PostgreSQL, so it is kept as cheap as possible (a general client such as undici costs
 * several times more CPU per request). It understands exactly what the server sends: Content-Length bodies.
 */
export class Connection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly base: URL) {
    this.socket = net.connect({ host: base.hostname, port: Number(base.port), noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.parse();
    });
    this.socket.on('error', (error) => this.waiting?.reject(error));
    this.socket.on('close', () => this.waiting?.reject(new Error('connection closed')));
  }

  request(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<Reply> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.base.host}\r\n`;
    if (body !== undefined) head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`;
    if (token !== undefined) head += `authorization: Bearer ${token}\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${head}\r\n${payload}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private parse(): void {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffered.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.waiting.reject(new Error(`no content-length in reply: ${head}`));
    const total = end + 4 + Number(length[1]);
    if (this.buffered.length < total) return;
    const text = this.buffered.toString('utf8', end + 4, total);
    this.buffered = this.buffered.subarray(total);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve({ status: Number(head.slice(9, 12)), body: text ? JSON.parse(text) : null });
  }
}
