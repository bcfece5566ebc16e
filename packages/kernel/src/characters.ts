// Characters (`character-<uuid>` streams): the kernel's part (owner, seat reservations, games recorded once each) and
// the module's progression (what a character is and what a game earns it), as one pure decider and fold.
import { RuleViolation } from './errors';
import type { AnyGameModule, GameResult, Message, Progression, Seat } from './module';
import type { CharacterDocument, CharacterGame } from './schemas';

export type { CharacterDocument, CharacterGame };

export const characterStream = (id: string): string => `character-${id}`;

/** The kernel's events on a character stream; the module's progression events follow them. */
export type CharacterKernelEvent =
  | { type: 'CharacterCreated'; characterId: string; owner: string; module: string; name: string; options: unknown }
  /** The character is reserved for a seat in this game (before the seat claim lands). */
  | { type: 'CharacterSeated'; gameId: string }
  /** The reservation ends without a result: the claim failed, or the game was abandoned. */
  | { type: 'CharacterReleased'; gameId: string; reason: 'claim-failed' | 'game-abandoned' | 'seat-left' }
  /** A finished game, recorded once; the progression's events for it follow in the same append. */
  | { type: 'GameRecorded'; gameId: string; seat: Seat; won: boolean; at: string; outcome: unknown };

export const CHARACTER_EVENT_TYPES: ReadonlySet<string> = new Set([
  'CharacterCreated',
  'CharacterSeated',
  'CharacterReleased',
  'GameRecorded',
]);

export interface CharacterState {
  readonly id: string;
  readonly owner: string;
  readonly module: string;
  readonly name: string;
  readonly createdAt: string;
  /** The game the character is reserved for or playing in, and since when; null when free. */
  readonly seatedIn: { readonly gameId: string; readonly since: string } | null;
  /** Every finished game recorded on the character, oldest first. */
  readonly games: CharacterGame[];
  /** The module's progression state. */
  readonly progression: unknown;
}

/** How the runtime found the game a character is reserved for, when it asks to seat it elsewhere. */
export type PreviousSeat = 'free' | 'stale' | 'busy';

export type CharacterCommand =
  | { kind: 'create'; characterId: string; owner: string; name: string; options: unknown }
  | { kind: 'seat'; gameId: string; player: string; previous: PreviousSeat }
  | { kind: 'release'; gameId: string; reason: 'claim-failed' | 'game-abandoned' | 'seat-left' }
  | { kind: 'record'; result: GameResult }
  | { kind: 'play'; player: string; command: Message };

/** A module's progression, or a RuleViolation saying the module has no characters. */
export function progressionOf(module: AnyGameModule): Progression<unknown, Message, Message, unknown> {
  if (!module.progression) throw new RuleViolation('character/no-progression', `${module.name} has no characters`);
  return module.progression;
}

/**
 * Decide a character command for a character of `module`:
 * - create: a new stream, with the progression's first events from the creation options;
 * - seat: only the owner, and only while the character is free (or its reservation is stale);
 * - release: ends the reservation for that game (nothing when it is not reserved for it);
 * - record: one finished game, once: a second record of the same game decides nothing;
 * - play: the owner's progression command.
 */
export function decideCharacter(command: CharacterCommand, state: CharacterState | null, module: AnyGameModule): Message[] {
  const progression = progressionOf(module);
  if (command.kind === 'create') {
    if (state) throw new RuleViolation('character/exists', 'this character already exists');
    return [
      {
        type: 'CharacterCreated',
        characterId: command.characterId,
        owner: command.owner,
        module: module.name,
        name: command.name,
        options: command.options,
      },
      ...progression.create(command.options),
    ] as Message[];
  }
  if (!state) throw new RuleViolation('character/not-found', 'no such character');
  switch (command.kind) {
    case 'seat':
      if (command.player !== state.owner) throw new RuleViolation('character/not-owner', 'only its owner may seat this character');
      if (state.seatedIn?.gameId === command.gameId)
        throw new RuleViolation('character/already-seated', 'the character already sits in this game');
      if (state.seatedIn && command.previous === 'busy') {
        throw new RuleViolation(
          'character/busy',
          `the character is playing game ${state.seatedIn.gameId}; a character sits in one active game at a time`,
        );
      }
      return [kernelEvent({ type: 'CharacterSeated', gameId: command.gameId })];
    case 'release':
      return state.seatedIn?.gameId === command.gameId
        ? [kernelEvent({ type: 'CharacterReleased', gameId: command.gameId, reason: command.reason })]
        : [];
    case 'record': {
      const { result } = command;
      if (state.games.some((g) => g.gameId === result.gameId)) return [];
      const recorded: CharacterKernelEvent = {
        type: 'GameRecorded',
        gameId: result.gameId,
        seat: result.seat,
        won: result.won,
        at: result.at,
        outcome: result.outcome,
      };
      return [recorded, ...progression.record(result, state.progression)] as Message[];
    }
    case 'play':
      if (command.player !== state.owner) throw new RuleViolation('character/not-owner', 'only its owner may command this character');
      return progression.decide(command.command, state.progression);
  }
}

/** Fold one character event (`at`: when it was recorded). Total: never throws on a stored event. */
export function evolveCharacter(
  state: CharacterState | undefined,
  event: Message,
  at: string,
  module: AnyGameModule | undefined,
): CharacterState {
  const progression = module?.progression;
  const s: CharacterState = state ?? {
    id: '',
    owner: '',
    module: module?.name ?? '',
    name: '',
    createdAt: at,
    seatedIn: null,
    games: [],
    progression: progression?.initialState() ?? null,
  };
  if (!CHARACTER_EVENT_TYPES.has(event.type)) return progression ? { ...s, progression: progression.evolve(s.progression, event) } : s;
  const e = event as CharacterKernelEvent;
  switch (e.type) {
    case 'CharacterCreated':
      return { ...s, id: e.characterId, owner: e.owner, module: e.module, name: e.name, createdAt: at };
    case 'CharacterSeated':
      return { ...s, seatedIn: { gameId: e.gameId, since: at } };
    case 'CharacterReleased':
      return s.seatedIn?.gameId === e.gameId ? { ...s, seatedIn: null } : s;
    case 'GameRecorded':
      return {
        ...s,
        seatedIn: s.seatedIn?.gameId === e.gameId ? null : s.seatedIn,
        games: [...s.games, { gameId: e.gameId, seat: e.seat, won: e.won, at: e.at }],
      };
  }
}

/** A reservation older than this whose game never seated the character was left by a claim that died half-way. */
export const RESERVATION_LEASE_MS = 60_000;

/**
 * Whether the game a character is reserved for still holds it: busy while that game seats the character and is not
 * over, or while the reservation is younger than the lease (its claim may still be landing); stale otherwise.
 */
export function previousSeat(reservedSince: string, game: { seatsCharacter: boolean; over: boolean } | null, now: Date): PreviousSeat {
  if (game?.seatsCharacter) return game.over ? 'stale' : 'busy';
  const age = now.getTime() - Date.parse(reservedSince);
  return age < RESERVATION_LEASE_MS && !game?.over ? 'busy' : 'stale';
}

const kernelEvent = (event: CharacterKernelEvent): Message => event;

export function characterDocument(state: CharacterState, revision: number, module: AnyGameModule | undefined): CharacterDocument {
  return {
    id: state.id,
    owner: state.owner,
    module: state.module,
    name: state.name,
    createdAt: state.createdAt,
    revision,
    seatedIn: state.seatedIn,
    games: state.games,
    sheet: module?.progression ? module.progression.sheet(state.progression) : null,
  };
}
