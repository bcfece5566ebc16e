// Guards every decider shares: the card is in hand, it is your main step, the question is yours, a Joker's declared
// rank fits, the target is a living opponent.
import type { Seat } from '@delve/kernel';
import { jokersWild } from '../options';
import { isJoker, rankOf, type Card } from './cards';
import { fail } from './fail';
import type { DungeonState, PlayerState, Prompt } from '../state';
import type { Ctx } from './tx';

export function inHand(c: Ctx, card: Card): void {
  if (!c.me.hand.includes(card)) fail('card-not-in-hand', `${card} is not in your hand`);
}

/** The seat's own turn with nothing else pending. */
export function mainStep(c: Ctx): void {
  const s = c.tx.state;
  if (s.phase !== 'play' || s.window || s.prompt) fail('wrong-step', 'that is only possible on your turn with nothing pending');
  if (s.turn?.seat !== c.seat) fail('not-your-turn', 'it is not your turn');
}

/** One card per turn (§Turn); Aces and interrupts do not count. */
export function cardPlay(c: Ctx, card: Card): void {
  mainStep(c);
  if (c.tx.state.turn?.played) fail('already-played', 'you have already played your card this turn');
  inHand(c, card);
}

/** The question `kind` is asked of this seat, with no window open on top of it. */
export function promptFor<K extends Prompt['kind']>(c: Ctx, kind: K): void {
  const { window, prompt } = c.tx.state;
  if (window || prompt?.kind !== kind || prompt.seat !== c.seat) fail('wrong-step', `no ${kind} is asked of you now`);
}

/** The rank a card is played as: its own, or a declared rank for a Joker when Jokers are wild (§Jokers Wild). */
export function playedAs(s: DungeonState, card: Card, as: number | undefined, allowed: (rank: number) => boolean, what: string): number {
  if (isJoker(card)) {
    if (!jokersWild(s.options)) fail('joker-not-wild', 'Jokers are only cells in the standard game');
    if (as === undefined || !allowed(as)) fail('bad-declaration', `declare a rank for the Joker that makes it ${what}`);
    return as;
  }
  const rank = rankOf(card);
  if (as !== undefined) fail('bad-declaration', 'only a Joker is declared as a rank');
  if (!allowed(rank)) fail('wrong-card', `${card} is not ${what}`);
  return rank;
}

export function opponent(c: Ctx, target: Seat): PlayerState {
  const t = c.tx.state.players[target];
  if (!t || target === c.seat || !t.alive) fail('bad-target', `seat ${target} is not a living opponent`);
  return t;
}
