// What the processes of one node append, told to each of them over the cluster's IPC: a push to a subscriber on another
// worker need not wait for that worker's store subscription (a poll away). Only a hint: each reads the game itself.
import { formatPosition, parsePosition, storeWith, type Appended, type EventStore, type Position } from '@delve/kernel';
import type { ClusterMessage } from './lifecycle';

/** A store that tells of each append made through it (to any stream), with its last event's position. */
export interface StoredSource {
  onStored(listener: (position: Position) => void): () => void;
}

/** `store`, telling of every append made through it once it is stored: what wakes the leaders of the process. */
export function heardStore(store: EventStore): EventStore & StoredSource {
  const listeners = new Set<(position: Position) => void>();
  return storeWith(store, {
    async appendToStream(streamId, events, options) {
      const result = await store.appendToStream(streamId, events, options);
      for (const listener of listeners) listener(result.position);
      return result;
    },
    onStored(listener: (position: Position) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  });
}

/** A worker's appends, any stream, told to the primary whose leaders follow the log (each only a hint). */
export function tellPrimaryStored(own: StoredSource, primary: Pick<Channel, 'send'>): () => void {
  return own.onStored((position) => primary.send({ kind: 'stored', position: formatPosition(position) }));
}

/** The position a worker told the primary of, if `message` is such. */
export const storedOf = (message: ClusterMessage): Position | null => (message?.kind === 'stored' ? parsePosition(message.position) : null);

/** Who tells of appends: a process's game streams, or a worker's view of its whole node. */
export interface AppendSource {
  onAppended(listener: (appended: Appended) => void): () => void;
}

/** One end of a cluster IPC channel. */
export interface Channel {
  send(message: ClusterMessage): void;
  onMessage(listener: (message: ClusterMessage) => void): () => void;
}

const appendedOf = (message: ClusterMessage): Appended | null =>
  message?.kind === 'appended' ? { gameId: message.gameId, revision: message.revision, type: message.type } : null;

/**
 * A worker's side: its own appends go to the primary, and it hears its own and those the primary relays from the rest
 * of the node (the other workers', and the primary's leaders'). Returns a function that stops telling the primary.
 */
export function workerAppends(own: AppendSource, primary: Channel): AppendSource & { stop(): void } {
  const stop = own.onAppended((appended) => primary.send({ kind: 'appended', ...appended }));
  return {
    stop,
    onAppended(listener) {
      const stopOwn = own.onAppended(listener);
      const stopRelayed = primary.onMessage((message) => {
        const appended = appendedOf(message);
        if (appended) listener(appended);
      });
      return () => {
        stopOwn();
        stopRelayed();
      };
    },
  };
}

/**
 * The primary's side: what a worker appended goes to every other worker, and what the primary itself appended (its
 * leaders: the scheduler's timeouts and bots) to all of them.
 */
export function relayAppends(
  workers: () => Iterable<{ readonly id: number; isConnected(): boolean; send(message: ClusterMessage): unknown }>,
): {
  fromWorker(from: number, message: ClusterMessage): void;
  ownAppend(appended: Appended): void;
} {
  const tell = (message: ClusterMessage, except: number | null) => {
    for (const worker of workers()) if (worker.id !== except && worker.isConnected()) worker.send(message);
  };
  return {
    fromWorker(from, message) {
      if (appendedOf(message)) tell(message, from);
    },
    ownAppend: (appended) => tell({ kind: 'appended', ...appended }, null),
  };
}
