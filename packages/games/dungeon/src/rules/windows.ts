// Response windows: opening one, and closing it once everyone asked has passed, with what follows (see rulings); the
// commands answered in them: passing, an Ace (§Aces), a Counter Attack interrupt and a Pitch Black accusation.
import type { Random, Seat } from '@delve/kernel';
import type { EventOf } from '../events';
import type { ResponseWindow } from '../state';
import { windowAwaiting } from './table';
import { draw, finishTurn } from './turn';
import type { Tx, Ctx } from './tx';
import type { CommandOf } from '../commands';
import { counters } from '../options';
import { ACE, isJoker, JACK, QUEEN, rankName } from './cards';
import { accusationRefusal, acesOpen } from './moments';
import { isCheat } from './passages';
import { fail } from './fail';
import { inHand, opponent, playedAs } from './guards';

/** A response window opens after `last` put a card down: every other living player may answer it or pass. */
export function openWindow(tx: Tx, kind: ResponseWindow['kind'], last: Seat, escape: EventOf<'WindowOpened'>['escape']): void {
  tx.emit({ type: 'WindowOpened', kind, last, escape });
}

/**
 * Once nobody is left to answer: the window's Aces resolve, the last played first (§Aces), each drawing two; the window
 * closes; then what opened it goes ahead. A creature asks for the defence; a power not cancelled by Counter Attack
 * asks its question (a Graverobber with nothing to take simply ends); a Pitch Black escape that survived wins. If the
 * turn's player conceded meanwhile (see rulings), the turn passes on.
 */
export function closeWindowIfDone(tx: Tx, random: Random): void {
  const w = tx.state.window;
  if (!w || windowAwaiting(tx.state).length > 0) return;
  for (const ace of [...w.aces].reverse()) {
    tx.emit({ type: 'AceResolved', seat: ace.seat, card: ace.card });
    draw(tx, ace.seat, 2, 'ace');
  }
  const cancelled = w.kind === 'power' && w.interrupts.length % 2 === 1;
  tx.emit({ type: 'WindowClosed', cancelled });
  const { combat, power, discard, players } = tx.state;
  if (w.kind === 'attack' && combat) tx.emit({ type: 'PromptOpened', kind: 'defend', seat: combat.defender });
  if (w.kind === 'power' && power) {
    if (power.kind === 'myrmiddon' && power.target !== null) tx.emit({ type: 'PromptOpened', kind: 'answer', seat: power.target });
    else if (discard.length > 0) tx.emit({ type: 'PromptOpened', kind: 'pick', seat: power.seat });
    else tx.emit({ type: 'PowerFinished', seat: power.seat, to: 'limbo' });
  }
  const escape = w.escape;
  if (escape && players[escape.seat]?.dungeon.some((n) => n.id === escape.node))
    tx.emit({ type: 'GameWon', seat: escape.seat, how: 'escaped' });
  const { turn, winners } = tx.state;
  if (turn && !winners && !tx.state.players[turn.seat]?.alive) finishTurn(tx, turn.seat, random);
}

/**
 * §Aces: any living player, at any time from the first turn on, awaited or not; it is not the turn's card. It goes
 * into the open response window, or opens one; every Ace of a window resolves when it closes, the last played first.
 */
export function playAce(c: Ctx, cmd: CommandOf<'PlayAce'>): void {
  if (!acesOpen(c.tx.state)) fail('wrong-step', 'Aces are played from the first turn on');
  inHand(c, cmd.card);
  playedAs(c.tx.state, cmd.card, isJoker(cmd.card) ? ACE : undefined, (r) => r === ACE, 'an Ace');
  if (!c.tx.state.window) openWindow(c.tx, 'ace', c.seat, null);
  c.tx.emit({ type: 'AcePlayed', seat: c.seat, card: cmd.card });
}

/** Response windows (see rulings): passing; the last pass closes the window and resolves what is pending. */
export function pass(c: Ctx): void {
  if (!c.tx.state.window) fail('wrong-step', 'there is nothing to pass on');
  c.tx.emit({ type: 'ResponsePassed', seat: c.seat });
  closeWindowIfDone(c.tx, c.random);
}

/** §Counter Attack 1/2/3: a matching creature cancels a power; a further one re-instates it, and so on. */
export function interrupt(c: Ctx, cmd: CommandOf<'Interrupt'>): void {
  const s = c.tx.state;
  const power = (s.window?.kind === 'power' && s.power) || fail('wrong-step', 'there is no power to interrupt');
  if (!counters(s.options, power.kind)) fail('no-counter-attack', `Counter Attack is not in play for the ${power.kind}`);
  inHand(c, cmd.card);
  const rank = power.kind === 'graverobber' ? JACK : QUEEN;
  playedAs(s, cmd.card, isJoker(cmd.card) ? rank : undefined, (r) => r === rank, `a ${rankName(rank)}`);
  c.tx.emit({ type: 'PowerInterrupted', seat: c.seat, card: cmd.card });
}

/**
 * §Pitch Black: demand to see an opponent's dungeon, on your turn or in the window after a passage or cave-in, staking
 * your own (see accusationRefusal). A cheat loses the whole dungeon; otherwise the accuser loses his own.
 */
export function accuse(c: Ctx, cmd: CommandOf<'Accuse'>): void {
  const s = c.tx.state;
  const refusal = accusationRefusal(s, c.me, cmd.target);
  if (refusal) fail(...refusal);
  const target = opponent(c, cmd.target);
  const cheated = target.dungeon.some(isCheat);
  c.tx.emit({
    type: 'DungeonRevealed',
    seat: cmd.target,
    by: c.seat,
    passages: target.dungeon.map((n) => ({ node: n.id, value: n.value, card: n.card })),
    cheated,
  });
  const loser = cheated ? target : c.me;
  c.tx.emit({ type: 'CardsDiscarded', seat: loser.seat, from: 'dungeon', cards: loser.dungeon.map((n) => n.card), faceDown: true });
  if (s.window) {
    c.tx.emit({ type: 'ResponsePassed', seat: c.seat });
    closeWindowIfDone(c.tx, c.random);
  }
}
