// The heuristic bot: escapes when it can, digs down its deepest passage, collapses and attacks the leader, fights cheaply.
import type { Random, Seat } from '@delve/kernel';
import type { CommandOf, DungeonCommand } from '../commands';
import { legalCommands } from '../legal';
import { darkDiscards } from '../options';
import type { PlayerState } from '../state';
import type { DungeonView } from '../viewSchema';
import { stateFromView } from './seen';
import { isJoker, KING, rankOf, type Card } from '../rules/cards';
import { lastPassage, needed as need, openSlots, worthKeeping as worth } from '../rules/passages';
import { cardPlays } from '../rules/plays';

/** How far an opponent has got: lower is closer to escaping (11 in the cell). */
const depth = (p: PlayerState): number => lastPassage(p)?.value ?? 11;

const cheapest = <T>(items: readonly T[], cost: (x: T) => number): T | undefined =>
  items.reduce<T | undefined>((best, x) => (best === undefined || cost(x) < cost(best) ? x : best), undefined);

/** A bot that plays to win, from its seat's view alone; null when the seat has nothing to do. */
export function heuristicBot(view: DungeonView, seat: Seat, random: Random): DungeonCommand | null {
  const state = stateFromView(view);
  // It plays to the end: conceding is for the person whose seat it holds.
  const legal: DungeonCommand[] = legalCommands(state, seat).filter((c) => c.type !== 'Concede');
  if (legal.length === 0) return null;
  const me = state.players[seat];
  if (!me) return null;
  const of = <T extends DungeonCommand['type']>(type: T) => legal.filter((c): c is CommandOf<T> => c.type === type);
  const keep = (card: Card) => worth(card, me);
  const opponents = state.players.filter((p) => p.alive && p.seat !== seat);
  const leader = [...opponents].sort((a, b) => depth(a) - depth(b))[0];

  if (state.phase === 'playoff') return cheapest(of('PlayOffCard'), (c) => keep(c.card) - rankOf(c.card) / 2) ?? legal[0] ?? null;

  if (state.window) {
    const power = state.power;
    const interrupts = state.window.interrupts.length;
    const mine = power?.seat === seat;
    // Cancel an opponent's power, or re-instate our own.
    if (power && (mine ? interrupts % 2 === 1 : interrupts % 2 === 0)) {
      const counter = of('Interrupt')[0];
      if (counter) return counter;
    }
    const ace = of('PlayAce')[0];
    if (ace) return ace;
    const escaping = state.window.escape;
    if (escaping && escaping.seat !== seat) {
      const accuse = of('Accuse').find((c) => c.target === escaping.seat);
      if (accuse) return accuse;
    }
    const suspect = of('Accuse').find((c) => {
      const p = state.players[c.target];
      return p && p.dungeon.length >= 3 && me.dungeon.length <= p.dungeon.length && c.target === state.window?.last;
    });
    if (suspect && random.int(2) === 0) return suspect;
    return { type: 'Pass' };
  }

  const prompt = state.prompt;
  if (prompt) {
    switch (prompt.kind) {
      case 'defend': {
        const fights = of('Fight');
        const best = cheapest(fights, (f) => f.cards.reduce((a, c) => a + keep(c.card), 0));
        const inCell = state.combat?.node === null;
        const passage = me.dungeon.find((n) => n.id === state.combat?.node);
        const cost = best ? best.cards.reduce((a, c) => a + keep(c.card), 0) : Infinity;
        // Fight for the cell always; for a passage when it costs less than the passage is worth to us.
        if (best && (inCell || cost <= 30 - (passage?.value ?? 10) * 2)) return best;
        const ace = of('PlayAce')[0];
        if (ace && !best) return ace;
        return best && inCell ? best : { type: 'Retreat' };
      }
      case 'answer':
        return of('GiveCard')[0] ?? { type: 'DenyCard' };
      case 'look':
        return me.hand.length <= 2 ? { type: 'DemandLook' } : { type: 'AcceptAnswer' };
      case 'suicide':
        return { type: 'ResolveLie', handOver: false };
      case 'joker-save':
        return of('SaveJoker')[0] ?? { type: 'LoseJoker' };
      case 'pick':
        return [...of('TakeFromDiscard')].sort((a, b) => keep(b.card) - keep(a.card))[0] ?? legal[0] ?? null;
      case 'discard':
        return cheapest(of('Discard'), (c) => keep(c.card)) ?? legal[0] ?? null;
    }
  }

  // Own turn: Aces first (more cards, more choice), then the one card.
  const ace = of('PlayAce')[0];
  if (ace) return ace;
  if (!state.turn?.played) {
    const honest = of('PlayPassage').filter((c) => {
      const slot = openSlots(me).find((s) => s.parent === c.parent);
      return slot && (rankOf(c.card) === slot.value || isJoker(c.card));
    });
    const deepest = cheapest(
      honest,
      (c) => (openSlots(me).find((s) => s.parent === c.parent)?.value ?? 11) * 10 + (isJoker(c.card) ? 5 : 0),
    );
    const deepestValue = deepest ? (openSlots(me).find((s) => s.parent === deepest.parent)?.value ?? 11) : 11;
    if (deepest && deepestValue === 2) return deepest;
    const threat = leader && depth(leader) <= 5 ? leader : undefined;
    if (threat) {
      const cave = of('CaveIn').find((c) => c.target === threat.seat && !isJoker(c.card));
      if (cave) return cave;
      const hit = cheapest(
        of('Attack').filter((c) => c.target === threat.seat && !isJoker(c.card)),
        (c) => -rankOf(c.card),
      );
      if (hit) return hit;
    }
    // Kill an opponent back in the cell with the strongest creature.
    const cellTarget = opponents.find((p) => p.leftCell && p.dungeon.length === 0 && p.hand.length <= 3);
    if (cellTarget) {
      const kill = cheapest(
        of('Attack').filter((c) => c.target === cellTarget.seat && !isJoker(c.card)),
        (c) => -rankOf(c.card),
      );
      if (kill) return kill;
    }
    if (deepest && (deepestValue < need(me) + 1 || !isJoker(deepest.card))) return deepest;
    const cave = cheapest(
      of('CaveIn').filter((c) => !isJoker(c.card) && keep(c.card) <= 6),
      (c) => depth(state.players[c.target] ?? me),
    );
    if (cave) return cave;
    const hit = cheapest(
      of('Attack').filter((c) => !isJoker(c.card) && rankOf(c.card) !== KING),
      (c) => depth(state.players[c.target] ?? me),
    );
    if (hit) return hit;
    const want = need(me);
    const fish = of('UseMyrmiddon').find(
      (c) => c.ask === want && c.target === [...opponents].sort((a, b) => b.hand.length - a.hand.length)[0]?.seat,
    );
    if (fish && !isJoker(fish.card)) return fish;
    // The pile's faces are public only when discards lie face up.
    const rob = of('UseGraverobber').find(
      (c) => !isJoker(c.card) && !darkDiscards(state.options) && state.discard.some((d) => rankOf(d) === want),
    );
    if (rob) return rob;
  }
  const end = of('EndTurn')[0];
  if (end) return end;
  // A card must be played (§On your turn 2): give up the one least worth keeping, honestly.
  return cheapest(cardPlays(state, me, true), (c) => ('card' in c ? keep(c.card) : 0)) ?? legal[0] ?? null;
}
