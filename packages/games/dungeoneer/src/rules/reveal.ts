// OPTIONAL ADVANCED RULES before the first turn: Secret Quest (each player keeps one quest hidden) and Revealed Map
// (the dealt Map cards laid out in turn); then the first turn begins.
import type { Seat } from '@delve/kernel';
import type { CommandOf } from '../commands';
import type { DungeoneerState } from '../state';
import { beginTurn, closePrompt, openPrompt } from './steps';
import { promptFor } from './guards';
import { legalPlacements } from './map';
import { mapDesign, playerOf } from './table';
import type { Ctx, Tx } from './tx';
import { fail } from './fail';

type S = DungeoneerState;

/** Secret Quest: of its two face-down quests a player keeps one hidden in hand; the other is revealed. */
export function checkKeepSecret(s: S, seat: Seat, cmd: CommandOf<'KeepSecret'>): string {
  promptFor(s, seat, 'secret-quest');
  const dealt = playerOf(s, seat).secretQuests;
  if (!dealt.includes(cmd.quest)) fail('not-your-quest', 'keep one of your own two quests hidden');
  return dealt.find((q) => q !== cmd.quest) ?? fail('not-your-quest', 'keep one of your own two quests hidden');
}

/** Decides KeepSecret: OPTIONAL ADVANCED RULES, Secret Quest. */
export function keepSecret(c: Ctx, cmd: CommandOf<'KeepSecret'>): void {
  const revealed = checkKeepSecret(c.tx.state, c.seat, cmd);
  c.tx.emit({ type: 'SecretQuestChosen', seat: c.seat, secret: cmd.quest, revealed });
  const p = c.tx.state.prompt;
  if (p?.kind === 'secret-quest' && p.seats.length === 0) closePrompt(c.tx);
}

/** Whether `seat` holds a Map card that fits somewhere now. */
const canLay = (s: S, seat: Seat): boolean => playerOf(s, seat).mapHand.some((card) => legalPlacements(s.map, mapDesign(card)).length > 0);

/**
 * Revealed Map: moving clockwise, each player places one of its Map cards in a legal location until all are placed. A
 * player none of whose cards fits now is passed over; once no card fits anywhere, the rest go face down into the Map
 * deck (ruling), where Explore may still find them.
 */
export function nextLayer(tx: Tx, after: Seat): void {
  const s = tx.state;
  for (let i = 1; i <= s.seats; i++) {
    const seat = (after + i) % s.seats;
    if (canLay(s, seat)) return openPrompt(tx, { kind: 'lay-map', seat });
  }
  for (const p of s.players) if (p.mapHand.length > 0) tx.emit({ type: 'MapCardsReturned', seat: p.seat, cards: [...p.mapHand] });
}

/**
 * What remains before the first turn once no choice is pending: laying out a Revealed Map (from the player left of
 * the one who set the Dungeon Entrance), then the first turn of the initiative holder.
 */
export function continueSetup(tx: Tx): void {
  const s = tx.state;
  const first = s.first ?? 0;
  if (s.options.revealedMap && s.players.some((p) => p.mapHand.length > 0)) nextLayer(tx, first);
  else beginTurn(tx, first);
}
