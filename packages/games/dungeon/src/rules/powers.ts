// §Graverobber and §Myrmiddon: the creature powers, and the answers, looks and lies of the Myrmiddon's question
// (with §Suicide Queen's choice for a caught liar).
import type { Seat } from '@delve/kernel';
import type { CommandOf } from '../commands';
import { darkDiscards } from '../options';
import { isJoker, JACK, QUEEN, rankOf } from './cards';
import { askableRanks } from './plays';
import type { Tx, Ctx } from './tx';
import { fail } from './fail';
import { openWindow } from './windows';
import { cardPlay, inHand, opponent, playedAs, promptFor } from './guards';

/** §Graverobber: played for its power, it lets its player take one card from the discard pile (after any Counter Attack). */
export function useGraverobber(c: Ctx, cmd: CommandOf<'UseGraverobber'>): void {
  cardPlay(c, cmd.card);
  playedAs(c.tx.state, cmd.card, isJoker(cmd.card) ? JACK : undefined, (r) => r === JACK, 'a Graverobber (Jack)');
  c.tx.emit({ type: 'PowerUsed', seat: c.seat, card: cmd.card, power: 'graverobber', target: null, ask: null });
  openWindow(c.tx, 'power', c.seat, null);
}

/** §Myrmiddon: played for its power, it asks one opponent for a card of a named rank, a Joker included when in play. */
export function useMyrmiddon(c: Ctx, cmd: CommandOf<'UseMyrmiddon'>): void {
  cardPlay(c, cmd.card);
  playedAs(c.tx.state, cmd.card, isJoker(cmd.card) ? QUEEN : undefined, (r) => r === QUEEN, 'a Myrmiddon (Queen)');
  opponent(c, cmd.target);
  if (!askableRanks(c.tx.state).includes(cmd.ask)) fail('bad-ask', 'there are no Jokers in play to ask for');
  c.tx.emit({ type: 'PowerUsed', seat: c.seat, card: cmd.card, power: 'myrmiddon', target: cmd.target, ask: cmd.ask });
  openWindow(c.tx, 'power', c.seat, null);
}

/** The pending Myrmiddon, for its answers. */
export function myrmiddon(c: Ctx) {
  const power = c.tx.state.power;
  if (power?.kind !== 'myrmiddon' || power.target === null || power.ask === null) fail('wrong-step', 'no Myrmiddon is pending');
  return { ...power, target: power.target, ask: power.ask };
}

/** §Myrmiddon: the fished opponent hands over a card of the rank asked. */
export function giveCard(c: Ctx, cmd: CommandOf<'GiveCard'>): void {
  promptFor(c, 'answer');
  inHand(c, cmd.card);
  const power = myrmiddon(c);
  if (rankOf(cmd.card) !== power.ask) fail('wrong-rank', `${cmd.card} is not the rank asked for`);
  c.tx.emit({ type: 'CardGiven', from: c.seat, to: power.seat, card: cmd.card });
  c.tx.emit({ type: 'PowerFinished', seat: power.seat, to: 'discard' });
}

/**
 * §Myrmiddon: the fished opponent says no, truly or not. Whether it is true is fixed now, from the hand as it is
 * (ruling): an Ace drawn or played before the look cannot change it. A Joker never counts as the rank asked unless a
 * Joker was asked for.
 */
export function denyCard(c: Ctx): void {
  promptFor(c, 'answer');
  const power = myrmiddon(c);
  const truthful = !c.me.hand.some((card) => rankOf(card) === power.ask);
  c.tx.emit({ type: 'CardDenied', seat: c.seat, truthful });
  c.tx.emit({ type: 'PromptOpened', kind: 'look', seat: power.seat });
}

/** §Myrmiddon: the fisher looks. Truth costs the fisher the hand; a lie costs the liar the card and the hand. */
export function demandLook(c: Ctx): void {
  promptFor(c, 'look');
  const s = c.tx.state;
  const power = myrmiddon(c);
  const truthful = power.truthful ?? fail('wrong-step', 'there is no denial to check');
  c.tx.emit({ type: 'HandRevealed', seat: power.target, to: c.seat, cards: [...(s.players[power.target]?.hand ?? [])] });
  c.tx.emit({ type: 'AnswerChecked', seat: power.target, truthful });
  if (truthful) {
    if (c.me.hand.length > 0)
      c.tx.emit({ type: 'CardsDiscarded', seat: c.seat, from: 'hand', cards: [...c.me.hand], faceDown: darkDiscards(s.options) });
    c.tx.emit({ type: 'PowerFinished', seat: c.seat, to: 'discard' });
  } else if (s.options.suicideQueen) {
    c.tx.emit({ type: 'PromptOpened', kind: 'suicide', seat: power.target });
  } else {
    punishLiar(c.tx, power.target, power.seat, power.ask, true);
  }
}

/** §Myrmiddon, §Suicide Queen: the liar hands over a card of the rank asked (if still held) and discards the rest. */
export function punishLiar(tx: Tx, liar: Seat, asker: Seat, ask: number, handOver: boolean): void {
  const hand = tx.state.players[liar]?.hand ?? [];
  const asked = hand.find((card) => rankOf(card) === ask);
  if (handOver && asked !== undefined) tx.emit({ type: 'CardGiven', from: liar, to: asker, card: asked });
  const rest = tx.state.players[liar]?.hand ?? [];
  if (rest.length > 0)
    tx.emit({ type: 'CardsDiscarded', seat: liar, from: 'hand', cards: [...rest], faceDown: darkDiscards(tx.state.options) });
  tx.emit({ type: 'PowerFinished', seat: asker, to: 'discard' });
}

/** §Myrmiddon: the fisher takes the denial as given. */
export function acceptAnswer(c: Ctx): void {
  promptFor(c, 'look');
  c.tx.emit({ type: 'PowerFinished', seat: c.seat, to: 'discard' });
}

/** §Suicide Queen: the caught liar chooses between handing the card over and throwing the whole hand away. */
export function resolveLie(c: Ctx, cmd: CommandOf<'ResolveLie'>): void {
  promptFor(c, 'suicide');
  const power = myrmiddon(c);
  punishLiar(c.tx, c.seat, power.seat, power.ask, cmd.handOver);
}

/** §Graverobber: take the card of your choice from the discard pile (seen secretly in the Black variants). */
export function takeFromDiscard(c: Ctx, cmd: CommandOf<'TakeFromDiscard'>): void {
  promptFor(c, 'pick');
  if (!c.tx.state.discard.includes(cmd.card)) fail('not-in-discard', `${cmd.card} is not in the discard pile`);
  c.tx.emit({ type: 'CardTaken', seat: c.seat, card: cmd.card });
  c.tx.emit({ type: 'PowerFinished', seat: c.seat, to: 'limbo' });
}
