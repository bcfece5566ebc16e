// evolve: applies one event to the state. Total and pure: it never throws and never draws.
import type { Seat } from '@delve/kernel';
import type { DungeonEvent } from './events';
import { pitchBlack } from './rules/options';
import type { DungeonState, ResponseWindow } from './state';
import type { Card } from './rules/cards';
import { needsJokerChoice } from './rules/table';

type Mutable<T> = T extends readonly (infer U)[] ? Mutable<U>[] : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;
type Draft = Mutable<DungeonState>;

function take(list: Card[], card: Card): void {
  const i = list.indexOf(card);
  if (i >= 0) list.splice(i, 1);
}

function openWindow(s: Draft, kind: ResponseWindow['kind'], last: Seat): void {
  s.window = { kind, last, passed: [], aces: [], interrupts: [], escape: null };
}

/** Apply `event` to a copy of `state`. Unknown or impossible facts leave the state as it was. */
export function evolve(state: DungeonState, event: DungeonEvent): DungeonState {
  const s = structuredClone(state) as Draft;
  apply(s, event);
  return s;
}

function apply(s: Draft, e: DungeonEvent): void {
  const p = (seat: Seat) =>
    s.players[seat] ?? { hand: [], dungeon: [], alive: false, leftCell: false, nextNode: 1, cell: null, cellFaceUp: false, seat };
  switch (e.type) {
    case 'DeckShuffled':
      s.deck = [...e.order];
      if (e.reason === 'reshuffle') s.discard = [];
      return;
    case 'CellsAssigned':
      for (const c of e.cells) {
        take(s.deck, c.card);
        Object.assign(p(c.seat), { cell: c.card, cellFaceUp: c.faceUp });
      }
      s.setAside = [...e.setAside];
      return;
    case 'CardsDrawn':
      for (const card of e.cards) take(s.deck, card);
      p(e.seat).hand.push(...e.cards);
      return;
    case 'PlayOffStarted':
      s.phase = 'playoff';
      s.playoff = { contenders: [...e.contenders], chosen: s.players.map(() => null) };
      return;
    case 'PlayOffCardChosen':
      take(p(e.seat).hand, e.card);
      if (s.playoff) s.playoff.chosen[e.seat] = e.card;
      return;
    case 'PlayOffRevealed':
      for (const c of e.cards) s.discard.push(c.card);
      if (s.playoff) s.playoff.chosen = s.players.map(() => null);
      return;
    case 'FirstPlayerChosen':
      s.playoff = null;
      s.phase = 'play';
      return;
    case 'TurnStarted':
      s.turn = { seat: e.seat, played: false };
      s.prompt = null;
      s.window = null;
      return;
    case 'PassagePlayed': {
      const pl = p(e.seat);
      take(pl.hand, e.card);
      pl.dungeon.push({ id: e.node, parent: e.parent, value: e.value, card: e.card, faceDown: e.faceDown });
      pl.nextNode = Math.max(pl.nextNode, e.node + 1);
      if (e.value === 10) pl.leftCell = true;
      if (s.turn) s.turn.played = true;
      openWindow(s, 'play', e.seat);
      if (s.window && pitchBlack(s.options) && e.value === 2) s.window.escape = { seat: e.seat, node: e.node };
      return;
    }
    case 'CaveInPlayed':
      take(p(e.seat).hand, e.card);
      if (s.turn) s.turn.played = true;
      s.collapse = { seat: e.seat, card: e.card, target: e.target, node: e.node };
      if (needsJokerChoice(s as DungeonState, e.target, e.node)) s.prompt = { kind: 'joker-save', seat: e.target };
      return;
    case 'PassageCollapsed': {
      const pl = p(e.target);
      s.discard.push(e.by);
      if (e.saved) take(pl.hand, e.lost);
      else pl.dungeon = pl.dungeon.filter((n) => n.id !== e.node);
      s.discard.push(e.lost);
      s.collapse = null;
      s.prompt = null;
      openWindow(s, 'play', s.turn?.seat ?? e.target);
      return;
    }
    case 'CreatureAttacked':
      take(p(e.seat).hand, e.card);
      if (s.turn) s.turn.played = true;
      s.combat = { attacker: e.seat, card: e.card, value: e.value, defender: e.target, node: e.node };
      openWindow(s, 'attack', e.seat);
      return;
    case 'CreatureDefeated':
      for (const c of e.cards) take(p(e.seat).hand, c.card);
      s.discard.push(e.creature, ...e.cards.map((c) => c.card));
      s.combat = null;
      s.prompt = null;
      return;
    case 'Retreated': {
      const pl = p(e.seat);
      pl.dungeon = pl.dungeon.filter((n) => n.id !== e.node);
      if (s.combat) s.discard.push(s.combat.card);
      s.discard.push(e.card);
      s.combat = null;
      s.prompt = null;
      return;
    }
    case 'PlayerSlain': {
      const pl = p(e.seat);
      if (s.combat) s.discard.push(s.combat.card);
      s.discard.push(...pl.hand);
      pl.hand = [];
      pl.alive = false;
      s.combat = null;
      s.prompt = null;
      return;
    }
    case 'PowerUsed':
      take(p(e.seat).hand, e.card);
      if (s.turn) s.turn.played = true;
      s.power = { seat: e.seat, card: e.card, kind: e.power, target: e.target, ask: e.ask, denied: false };
      openWindow(s, 'power', e.seat);
      return;
    case 'PowerInterrupted':
      take(p(e.seat).hand, e.card);
      if (s.window) Object.assign(s.window, { last: e.seat, passed: [] }).interrupts.push({ seat: e.seat, card: e.card });
      return;
    case 'AcePlayed':
      take(p(e.seat).hand, e.card);
      if (!s.window) openWindow(s, 'ace', e.seat);
      if (s.window) Object.assign(s.window, { last: e.seat, passed: [] }).aces.push({ seat: e.seat, card: e.card });
      return;
    case 'ResponsePassed':
      if (s.window && !s.window.passed.includes(e.seat)) s.window.passed.push(e.seat);
      return;
    case 'AceResolved':
      if (s.window) s.window.aces = s.window.aces.filter((a) => a.card !== e.card);
      s.discard.push(e.card);
      return;
    case 'WindowClosed':
      closeWindow(s, e.cancelled);
      return;
    case 'CardGiven':
      take(p(e.from).hand, e.card);
      p(e.to).hand.push(e.card);
      return;
    case 'CardDenied':
      if (s.power) {
        s.power.denied = true;
        s.prompt = { kind: 'look', seat: s.power.seat };
      }
      return;
    case 'HandRevealed':
    case 'DungeonRevealed':
      return;
    case 'AnswerChecked':
      s.prompt = !e.truthful && s.options.suicideQueen ? { kind: 'suicide', seat: e.seat } : null;
      return;
    case 'PowerFinished':
      if (s.power) (s.power.kind === 'graverobber' ? s.limbo : s.discard).push(s.power.card);
      s.power = null;
      s.prompt = null;
      return;
    case 'CardTaken':
      take(s.discard, e.card);
      p(e.seat).hand.push(e.card);
      return;
    case 'CardsDiscarded': {
      const pl = p(e.seat);
      if (e.from === 'hand') for (const card of e.cards) take(pl.hand, card);
      else pl.dungeon = pl.dungeon.filter((n) => !e.cards.includes(n.card));
      s.discard.push(...e.cards);
      return;
    }
    case 'HandLimitReached':
      s.prompt = { kind: 'discard', seat: e.seat };
      return;
    case 'TurnEnded':
      s.discard.push(...s.limbo);
      s.limbo = [];
      s.prompt = null;
      return;
    case 'GameWon':
      s.winners = [e.seat];
      s.phase = 'over';
      s.window = null;
      s.prompt = null;
      return;
    default: {
      const _never: never = e;
      return _never;
    }
  }
}

/** What closing a response window does, by what opened it (the Aces in it were resolved by earlier events). */
function closeWindow(s: Draft, cancelled: boolean): void {
  const w = s.window;
  s.window = null;
  if (!w) return;
  if (w.kind === 'attack' && s.combat) s.prompt = { kind: 'defend', seat: s.combat.defender };
  if (w.kind !== 'power' || !s.power) return;
  s.discard.push(...w.interrupts.map((i) => i.card));
  if (cancelled) {
    s.discard.push(s.power.card);
    s.power = null;
  } else if (s.power.kind === 'myrmiddon' && s.power.target !== null) {
    s.prompt = { kind: 'answer', seat: s.power.target };
  } else if (s.discard.length > 0) {
    s.prompt = { kind: 'pick', seat: s.power.seat };
  } else {
    // Nothing to take: the Graverobber waits for the end of the turn like any used one.
    s.limbo.push(s.power.card);
    s.power = null;
  }
}
