// Checks shared by the deciders: whose turn and phase it is, which prompt is open, what a seat holds and can pay.
import type { Seat } from '@delve/kernel';
import type { DungeoneerState, Phase, Prompt } from '../state';
import { atTable, heroOf, isAlive, playerOf } from './table';
import { fail } from './fail';

type S = DungeoneerState;

/** No choice is pending: free actions wait while the game asks somebody something. */
export function noPrompt(s: S): void {
  if (s.prompt) fail('waiting', `the game waits for a choice first (${s.prompt.kind})`);
}

/** The seat's own turn with no choice pending; returns the phase it is in. */
export function ownTurn(s: S, seat: Seat): Phase {
  if (s.turn?.seat !== seat) fail('not-your-turn', 'it is not your turn');
  noPrompt(s);
  return (s.turn as NonNullable<S['turn']>).phase;
}

/** The seat's own turn, in `phase`, with no choice pending. */
export function ownPhase(s: S, seat: Seat, phase: Phase): void {
  const now = ownTurn(s, seat);
  if (now !== phase) fail('wrong-phase', `that belongs to the ${phase} phase, not the ${now} phase`);
}

/** HERO PHASE, Challenge: why the hero cannot initiate a challenge now (once a turn, 1 Movement), or null. */
export function challengeProblem(s: S, seat: Seat): 'already-challenged' | 'no-movement' | null {
  const h = heroOf(s, seat);
  if (h.used.includes('challenge')) return 'already-challenged';
  return h.movements < 1 ? 'no-movement' : null;
}

/** Refuse a challenge the hero may not make now. */
export function checkChallenge(s: S, seat: Seat): void {
  const problem = challengeProblem(s, seat);
  if (problem) fail(problem, problem === 'no-movement' ? 'a challenge costs 1 Movement' : 'one challenge a turn');
}

/** The open prompt of this kind, addressed to `seat`. */
export function promptFor<K extends Prompt['kind']>(s: S, seat: Seat, kind: K): Extract<Prompt, { kind: K }> {
  const p = s.prompt as Prompt | null;
  if (!p || p.kind !== kind) fail('not-asked', `nobody is asked for that now (${kind})`);
  const mine = 'seats' in p ? p.seats.includes(seat) : p.seat === seat;
  if (!mine) fail('not-asked', `the game is not asking you for that (${kind})`);
  return p as Extract<Prompt, { kind: K }>;
}

/** The card is in the seat's hand. */
export function inHand(s: S, seat: Seat, card: string): void {
  if (!playerOf(s, seat).hand.includes(card)) fail('not-in-hand', `${card} is not in your hand`);
}

/** The player has the Glory. */
export function payGlory(s: S, seat: Seat, glory: number): void {
  if (playerOf(s, seat).glory < glory) fail('not-enough-glory', `that costs ${glory} Glory`);
}

/** The hero has the Movements. */
export function payMovements(s: S, seat: Seat, movements: number): void {
  if (heroOf(s, seat).movements < movements) fail('no-movement', `that costs ${movements} Movement${movements === 1 ? '' : 's'}`);
}

/**
 * The game is running and `seat` still takes part (the guard every command passes first): a living hero, a
 * Malevolent Force, or the campaign's Dungeonlord.
 */
export function inGame(s: S, seat: Seat): void {
  if (!s.started) fail('not-started', 'the game has not been dealt yet');
  if (s.winners) fail('game-over', 'the game is over');
  playerOf(s, seat);
  if (!atTable(s, seat)) fail('defeated', 'your hero is out of the game');
}

/**
 * Before the first turn only the set-up's own choices are made (OPTIONAL ADVANCED RULES: keeping a Secret Quest,
 * laying out a Revealed Map); everything else waits for play to begin.
 */
export function setUp(s: S, command: string): void {
  if (!s.turn && command !== 'KeepSecret' && command !== 'PlaceMap') fail('not-started', 'play begins once the table is set');
}

/** The seat plays a living hero (a Malevolent Force or the campaign's Dungeonlord has none). */
export function hasHero(s: S, seat: Seat): void {
  if (!isAlive(s, seat)) fail('no-hero', 'you play no hero now');
}
