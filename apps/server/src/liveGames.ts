// The GameService as a running server wires it. The kernel takes its clock, ids and secrets as inputs so that it
// stays pure and testable; here they are the real ones.
import { randomBytes, randomUUID } from 'node:crypto';
import { GameService, type AnyGameModule, type EventStore, type GameServiceDeps } from '@delve/kernel';

/** 32 bytes from the CSPRNG, base64url: seeds and seat tokens. */
const newSecret = (): string => randomBytes(32).toString('base64url');

/** The system clock, random UUIDs and CSPRNG secrets. `overrides` is for tests that need reproducible secrets only. */
export function liveGameService(
  store: EventStore,
  modules: Readonly<Record<string, AnyGameModule>>,
  overrides: Partial<Pick<GameServiceDeps, 'newSecret'>> = {},
): GameService {
  return new GameService({ store, modules, clock: () => new Date(), newId: () => randomUUID(), newSecret, ...overrides });
}
