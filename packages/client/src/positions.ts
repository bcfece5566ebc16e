// Reading your own writes: the furthest log position this client's writes reached (X-Log-Position), which its reads
// from the server's read models pass as `after`, so they show those writes.
import type { Middleware } from 'openapi-fetch';

const parse = (position: string): [bigint, bigint] | null => {
  const match = /^([0-9]+)\/([0-9]+)$/.exec(position);
  return match ? [BigInt(match[1] as string), BigInt(match[2] as string)] : null;
};

/** Whether log position `a` is past `b`. */
export function isPast(a: string, b: string): boolean {
  const [x, y] = [parse(a), parse(b)];
  if (x === null || y === null) return false;
  return x[0] !== y[0] ? x[0] > y[0] : x[1] > y[1];
}

/** The furthest position seen in the answers of one client's writes. */
export class Positions {
  private last: string | null = null;

  /** The furthest position seen, or null before the first write. */
  get position(): string | null {
    return this.last;
  }

  note(position: string | null): void {
    if (position !== null && parse(position) !== null && (this.last === null || isPast(position, this.last))) this.last = position;
  }

  /** An openapi-fetch middleware noting every answer's X-Log-Position. */
  middleware(): Middleware {
    return {
      onResponse: ({ response }) => {
        this.note(response.headers.get('x-log-position'));
        return undefined;
      },
    };
  }
}
