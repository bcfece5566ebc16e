// legalCommands: every command a seat may send now, each one accepted by decide as it stands.
import type { Seat } from '@delve/kernel';
import type { DungeonCommand } from '../commands';
import { counters, jokersWild, pitchBlack } from './options';
import type { DungeonState } from '../state';
import { ACE, isJoker, JACK, KING, QUEEN, rankOf, type Card } from './cards';
import { defences } from './combat';
import { lastPassage, openSlots } from './passages';
import { awaiting, windowAwaiting } from './table';

const unique = (cards: readonly Card[]): Card[] => [...new Set(cards)];

export function legalCommands(state: DungeonState, seat: Seat): DungeonCommand[] {
  const me = state.players[seat];
  if (!me || !me.alive || !awaiting(state).includes(seat)) return [];
  const hand = unique(me.hand);
  const wild = jokersWild(state.options);
  const is = (card: Card, rank: number) => rankOf(card) === rank || (wild && isJoker(card));
  const out: DungeonCommand[] = [];
  const aces = () => {
    for (const card of hand) if (is(card, ACE)) out.push({ type: 'PlayAce', card });
  };
  if (state.phase === 'playoff') return hand.map((card) => ({ type: 'PlayOffCard', card }));

  const opponents = state.players.filter((p) => p.alive && p.seat !== seat);
  if (state.window) {
    out.push({ type: 'Pass' });
    aces();
    const power = state.power;
    if (state.window.kind === 'power' && power && counters(state.options, power.kind)) {
      const rank = power.kind === 'graverobber' ? JACK : QUEEN;
      for (const card of hand) if (is(card, rank)) out.push({ type: 'Interrupt', card });
    }
    if (state.window.kind === 'play' && pitchBlack(state.options) && windowAwaiting(state).includes(seat))
      for (const p of opponents) if (p.dungeon.length > 0) out.push({ type: 'Accuse', target: p.seat });
    return out;
  }

  const prompt = state.prompt;
  if (prompt) {
    const power = state.power;
    switch (prompt.kind) {
      case 'defend': {
        const creature = state.combat?.value ?? 0;
        for (const set of defences(me.hand, creature, wild))
          out.push({ type: 'Fight', cards: set.map((c) => (isJoker(c.card) ? { card: c.card, as: c.value } : { card: c.card })) });
        out.push({ type: 'Retreat' });
        aces();
        break;
      }
      case 'answer':
        for (const card of hand) if (rankOf(card) === power?.ask) out.push({ type: 'GiveCard', card });
        out.push({ type: 'DenyCard' });
        break;
      case 'look':
        out.push({ type: 'DemandLook' }, { type: 'AcceptAnswer' });
        break;
      case 'suicide':
        out.push({ type: 'ResolveLie', handOver: true }, { type: 'ResolveLie', handOver: false });
        break;
      case 'joker-save': {
        const node = me.dungeon.find((n) => n.id === state.collapse?.node);
        if (node && isJoker(node.card)) for (const card of hand) if (rankOf(card) === node.value) out.push({ type: 'SaveJoker', card });
        out.push({ type: 'LoseJoker' });
        break;
      }
      case 'pick':
        for (const card of unique(state.discard)) out.push({ type: 'TakeFromDiscard', card });
        break;
      case 'discard':
        for (const card of hand) out.push({ type: 'Discard', card });
        break;
    }
    return out;
  }

  // The seat's own turn.
  if (!state.turn?.played) {
    const dark = pitchBlack(state.options);
    for (const slot of openSlots(me))
      for (const card of hand)
        if (dark || rankOf(card) === slot.value || (wild && isJoker(card))) out.push({ type: 'PlayPassage', card, parent: slot.parent });
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
        for (const p of opponents) for (let ask = 1; ask <= KING; ask++) out.push({ type: 'UseMyrmiddon', card, target: p.seat, ask });
    }
  }
  aces();
  if (pitchBlack(state.options)) for (const p of opponents) if (p.dungeon.length > 0) out.push({ type: 'Accuse', target: p.seat });
  out.push({ type: 'EndTurn' });
  return out;
}

/** A canonical key for a command, so that the same Fight with its cards in another order compares equal. */
export function commandKey(command: DungeonCommand): string {
  if (command.type === 'Fight') return JSON.stringify({ ...command, cards: [...command.cards].sort((a, b) => (a.card < b.card ? -1 : 1)) });
  const sorted = Object.fromEntries(Object.entries(command).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify(sorted);
}
