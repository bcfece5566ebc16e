// The turn's one card: every passage, cave-in, attack and power a player could play now, and the duty to play one.
import type { DungeonCommand } from '../commands';
import { jokersWild, pitchBlack } from '../options';
import type { DungeonState, PlayerState } from '../state';
import { isJoker, JACK, KING, playableAs, QUEEN, rankOf, type Card } from './cards';
import { lastPassage, openSlots } from './passages';

/** The ranks a Myrmiddon may ask for: Ace to King, and a Joker when Jokers are in the deck (§Myrmiddon). */
export const askableRanks = (s: DungeonState): number[] => [
  ...(jokersWild(s.options) ? [0] : []),
  ...Array.from({ length: KING }, (_, i) => i + 1),
];

/**
 * §Playing a Card: every card play open to `me` on its turn, before its card is played. In Pitch Black any card may be
 * laid face down on an open place; `honest` leaves out the passages whose card is not the value they would claim.
 */
export function cardPlays(s: DungeonState, me: PlayerState, honest = false): DungeonCommand[] {
  const hand = [...new Set(me.hand)];
  const wild = jokersWild(s.options);
  const is = (card: Card, rank: number) => playableAs(card, rank, wild);
  const anyCard = pitchBlack(s.options) && !honest;
  const out: DungeonCommand[] = [];
  for (const slot of openSlots(me))
    for (const card of hand) if (anyCard || is(card, slot.value)) out.push({ type: 'PlayPassage', card, parent: slot.parent });
  const opponents = s.players.filter((p) => p.alive && p.seat !== me.seat);
  for (const p of opponents) {
    const last = lastPassage(p);
    if (last) for (const card of hand) if (is(card, last.value)) out.push({ type: 'CaveIn', card, target: p.seat });
    if (p.leftCell)
      for (const card of hand) {
        const r = rankOf(card);
        if (r >= JACK && r <= KING) out.push({ type: 'Attack', card, target: p.seat });
        else if (wild && isJoker(card)) for (let as = JACK; as <= KING; as++) out.push({ type: 'Attack', card, target: p.seat, as });
      }
  }
  for (const card of hand) {
    if (is(card, JACK)) out.push({ type: 'UseGraverobber', card });
    if (is(card, QUEEN))
      for (const p of opponents) for (const ask of askableRanks(s)) out.push({ type: 'UseMyrmiddon', card, target: p.seat, ask });
  }
  return out;
}

/**
 * §On your turn 2 ("play a card if you can"): whether `me` may not end its turn yet, because it has not played its card
 * and could. Off with the optionalPlay option. In Pitch Black only an honest play obliges: nobody has to cheat.
 */
export function mustPlay(s: DungeonState, me: PlayerState): boolean {
  return !s.options.optionalPlay && !s.turn?.played && cardPlays(s, me, true).length > 0;
}
