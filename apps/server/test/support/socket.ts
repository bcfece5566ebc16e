// A graphql-transport-ws client for tests, on the ws package: connection_init with a payload, one subscription, and
// waiting for the next message of a type (by event, with a bound).
import WebSocket from 'ws';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Open a socket to `url`, init it with `init`; `start()` waits for the ack and subscribes to `query`. */
export function subscribe(url: string, init: Record<string, unknown>, query: string, variables: Record<string, unknown>) {
  const ws = new WebSocket(url, 'graphql-transport-ws');
  const messages: Json[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)));
    for (const w of waiters.splice(0)) w();
  });
  ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: init })));
  const next = async (type: string, ms = 3000): Promise<Json> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = messages.findIndex((m) => m.type === type);
      if (index >= 0) return messages.splice(index, 1)[0];
      if (Date.now() > deadline) throw new Error(`no ${type} message; got ${JSON.stringify(messages)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
  };
  const start = async () => {
    await next('connection_ack');
    ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
  };
  return { ws, next, start };
}
