// §Playing a Passage Card, §Cave-in and §Jokers Wild: the commands that lay passages, collapse them, and keep or
// lose a Joker passage that is caving in.
import { isJoker, rankOf, type Card } from './cards';
import type { Tx } from './tx';
import { type Ctx } from './tx';
import { cardPlay, inHand, opponent, playedAs, promptFor } from './guards';
import { lastPassage, openSlots } from './passages';
import type { CommandOf } from '../commands';
import { pitchBlack, darkDiscards } from '../options';
import { needsJokerChoice } from './table';
import { fail } from './fail';
import { openWindow } from './windows';
import type { Seat } from '@delve/kernel';
import type { PassageNode } from '../state';

/**
 * §Playing a Passage Card: 10 first on the cell, then each card one lower next to a dead end, or a branch of the
 * current lowest value off the card beneath it (see openSlots). Laying a 2 escapes (§Winning).
 * §Pitch Black: face down and any card at all; the position still has to be a legal one, and the escape waits for the
 * window after it.
 */
export function playPassage(c: Ctx, cmd: CommandOf<'PlayPassage'>): void {
  cardPlay(c, cmd.card);
  const s = c.tx.state;
  const { value } =
    openSlots(c.me).find((x) => x.parent === cmd.parent) ?? fail('illegal-passage', `no passage may be laid on node ${cmd.parent} now`);
  const dark = pitchBlack(s.options);
  if (!dark) playedAs(s, cmd.card, isJoker(cmd.card) ? value : undefined, (r) => r === value, `a ${value}`);
  const node = c.me.nextNode;
  c.tx.emit({ type: 'PassagePlayed', seat: c.seat, card: cmd.card, parent: cmd.parent, node, value, faceDown: dark });
  if (value === 2 && !dark) c.tx.emit({ type: 'GameWon', seat: c.seat, how: 'escaped' });
  else openWindow(c.tx, 'play', c.seat, dark && value === 2 ? { seat: c.seat, node } : null);
}

/** §Cave-in: a card of the value of an opponent's last passage collapses it; both go to the discard pile. */
export function caveIn(c: Ctx, cmd: CommandOf<'CaveIn'>): void {
  cardPlay(c, cmd.card);
  const s = c.tx.state;
  const last = lastPassage(opponent(c, cmd.target)) ?? fail('no-passage', `seat ${cmd.target} has no passage to collapse`);
  playedAs(s, cmd.card, isJoker(cmd.card) ? last.value : undefined, (r) => r === last.value, `a ${last.value}`);
  c.tx.emit({ type: 'CaveInPlayed', seat: c.seat, card: cmd.card, target: cmd.target, node: last.id });
  // §Jokers Wild: the owner of a Joker passage (in Pitch Black, of any passage) chooses first.
  if (needsJokerChoice(s, cmd.target, last.id)) c.tx.emit({ type: 'PromptOpened', kind: 'joker-save', seat: cmd.target });
  else collapsePassage(c.tx, c.seat, cmd.target, last, cmd.card);
}

/** The cave-in waiting on this seat's Jokers Wild choice, and the passage it hits. */
export function pendingCollapse(c: Ctx) {
  const collapse = c.tx.state.collapse ?? fail('wrong-step', 'no cave-in is pending');
  const node = c.me.dungeon.find((n) => n.id === collapse.node) ?? fail('wrong-step', 'the passage is gone');
  return { collapse, node };
}

/** §Jokers Wild: keep a Joker passage that is caving in by discarding a card of its value from hand. */
export function saveJoker(c: Ctx, cmd: CommandOf<'SaveJoker'>): void {
  promptFor(c, 'joker-save');
  const { collapse, node } = pendingCollapse(c);
  if (!isJoker(node.card)) fail('not-a-joker', 'only a Joker passage can be saved');
  inHand(c, cmd.card);
  if (rankOf(cmd.card) !== node.value) fail('wrong-rank', `save a ${node.value} passage with a ${node.value}`);
  collapsePassage(c.tx, collapse.seat, c.seat, node, collapse.card, cmd.card);
}

/** §Cave-in (Jokers Wild): let the passage go. */
export function loseJoker(c: Ctx): void {
  promptFor(c, 'joker-save');
  const { collapse, node } = pendingCollapse(c);
  collapsePassage(c.tx, collapse.seat, c.seat, node, collapse.card);
}

/**
 * §Cave-in: `target` loses its passage to the card `by` (or, §Jokers Wild, the card `saved` from hand instead), and the
 * window after the cave-in opens, with its player as the one not asked.
 */
export function collapsePassage(tx: Tx, caver: Seat, target: Seat, node: PassageNode, by: Card, saved?: Card): void {
  tx.emit({
    type: 'PassageCollapsed',
    target,
    node: node.id,
    lost: saved ?? node.card,
    saved: saved !== undefined,
    by,
    // The card lost stays hidden when it lay face down, or when discards are dark.
    faceDown: (saved === undefined && node.faceDown) || darkDiscards(tx.state.options),
  });
  openWindow(tx, 'play', caver, null);
}
