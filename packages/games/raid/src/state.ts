// The full (unredacted) raid state that evolve folds and decide reads, and the state before the deal.
import type { Seat, DeepReadonly } from '@delve/kernel';
import type { EventOf } from './events';
import { resolveOptions, type RaidOptions, type RaidOptionsInput } from './options';

/** A card instance: `d<n>` in the Dungeon deck, `r<seat>-<n>` in a raider's. Numbered in shuffled order, so an id says nothing about the card. */
export type CardId = string;
/** A card definition's id in the content (e.g. `bone-rattler`). */
export type DefId = string;
/** A character: `dh` (the Dungeon hero), `h<seat>` (a raider hero) or an ally's card id. */
export type Ref = string;
/** Who controls something: a raider seat, or null for the Dungeon. */
export type Owner = Seat | null;

export const DUNGEON_HERO: Ref = 'dh';
export const heroRef = (seat: Seat): Ref => `h${seat}`;

export interface HeroState {
  readonly damage: number;
  readonly exhausted: boolean;
  /** ATK gained or lost until the end of the turn. */
  readonly atkBonus: number;
}

export interface AllyState extends HeroState {
  readonly id: CardId;
  /** The turn number it entered play: it may attack from a later turn, or at once with Ferocity. */
  readonly enteredTurn: number;
}

/** Equipment or a resource: a card that is ready or exhausted. */
export interface GearState {
  readonly id: CardId;
  readonly exhausted: boolean;
}

/** What both sides have on and off the table. */
export interface SideState {
  readonly hero: HeroState;
  /** In the order they entered play (the Dungeon attacks in this order). */
  readonly allies: readonly AllyState[];
  readonly weapon: GearState | null;
  readonly armor: GearState | null;
  /** Top first. */
  readonly deck: readonly CardId[];
  /** Oldest first. */
  readonly graveyard: readonly CardId[];
}

export interface RaiderState extends SideState {
  readonly seat: Seat;
  readonly classId: string;
  /** The hero card (content id). */
  readonly heroCard: DefId;
  /** Printed health plus the profile's bonus (talents add on top). */
  readonly heroHealth: number;
  /** Starting and maximum hand size. */
  readonly handSize: number;
  readonly alive: boolean;
  readonly hand: readonly CardId[];
  /** Face-down resources, in the order placed; paying exhausts the first ready ones. */
  readonly resources: readonly GearState[];
  readonly talent: CardId | null;
  readonly mulligan: 'pending' | 'kept' | 'taken';
}

export interface DungeonState extends SideState {
  readonly id: string;
  readonly level: number;
  /** Times its deck ran out (each gives the Dungeon hero +2 ATK for the rest of the raid). */
  readonly enrage: number;
  /** Cards known to lie on top of the deck, top first (sent back "to hand"); forgotten on a shuffle. */
  readonly knownTop: readonly CardId[];
  /** Damage dealt to the Dungeon hero over the raid (healing does not take it back). */
  readonly damageDealt: number;
}

/** The Dungeon's turn in progress: enough to derive its next step (see rules/dungeon.ts). */
export interface DungeonTurnState {
  /** Cards to flip this turn; null until the turn's opening (ready, level up, MARK) is done. */
  readonly flipsDue: number | null;
  readonly flipsDone: number;
  /** The flipped card waiting to resolve (after its response window). */
  readonly revealed: CardId | null;
  /** Characters that have attacked this turn. */
  readonly attacked: readonly Ref[];
}

/** An attack between its declaration and its damage. */
export interface AttackState {
  readonly by: Owner;
  readonly attacker: Ref;
  readonly target: Ref;
}

/** A response window: who was asked and who has passed. */
export interface WindowState {
  readonly kind: 'flip' | 'attack';
  readonly awaiting: readonly Seat[];
  readonly passed: readonly Seat[];
}

/** The result the experience table needs, recorded when the raid ends (declared once, in the RaidEnded event). */
export type RaidResult = DeepReadonly<EventOf<'RaidEnded'>['result']>;

export interface RaidState {
  readonly options: RaidOptions;
  readonly seats: number;
  readonly phase: 'lobby' | 'mulligan' | 'play' | 'over';
  /** Every card instance of the game and its definition. */
  readonly cards: Readonly<Record<CardId, DefId>>;
  /** Who takes the first turn (by difficulty). */
  readonly first: 'raiders' | 'dungeon';
  readonly dungeon: DungeonState;
  readonly raiders: readonly RaiderState[];
  /** The turn in progress: a raider's seat, or null for the Dungeon's. Numbers count every turn from 1. */
  readonly turn: { readonly number: number; readonly seat: Owner; readonly resourcePlaced: boolean } | null;
  readonly dungeonTurns: number;
  /** The MARKED raider and the die that chose it (kept until the next Dungeon turn marks again). */
  readonly marked: Seat | null;
  readonly roll: number | null;
  readonly dturn: DungeonTurnState | null;
  readonly attack: AttackState | null;
  /** Abilities between being played and going to the graveyard. */
  readonly resolving: readonly CardId[];
  readonly window: WindowState | null;
  readonly prompt: { readonly kind: 'discard'; readonly seat: Seat; readonly excess: number } | null;
  /** Dungeon allies destroyed so far, in order (achievements and the result count them). */
  readonly destroyed: readonly CardId[];
  readonly result: RaidResult | null;
}

const emptySide: SideState = {
  hero: { damage: 0, exhausted: false, atkBonus: 0 },
  allies: [],
  weapon: null,
  armor: null,
  deck: [],
  graveyard: [],
};

export function initialState(input: RaidOptionsInput, seats: number): RaidState {
  const options = resolveOptions(input, seats);
  return {
    options,
    seats,
    phase: 'lobby',
    cards: {},
    first: 'raiders',
    dungeon: { ...emptySide, id: options.dungeon, level: 1, enrage: 0, knownTop: [], damageDealt: 0 },
    raiders: Array.from({ length: seats }, (_, seat) => ({
      ...emptySide,
      seat,
      classId: options.classes[seat] ?? '',
      heroCard: '',
      heroHealth: 0,
      handSize: 7,
      alive: true,
      hand: [],
      resources: [],
      talent: null,
      mulligan: 'pending' as const,
    })),
    turn: null,
    dungeonTurns: 0,
    marked: null,
    roll: null,
    dturn: null,
    attack: null,
    resolving: [],
    window: null,
    prompt: null,
    destroyed: [],
    result: null,
  };
}
