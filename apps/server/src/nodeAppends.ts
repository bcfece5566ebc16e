// What the processes of one node append, told to each of them over the cluster's IPC: a push to a subscriber on another
// worker need not wait for that worker's store subscription (a poll away). Only a hint: each reads the game itself.
import type { Appended } from '@delve/kernel';
import type { ClusterMessage } from './lifecycle';

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
