// evolve: applies one event to the state. Total and pure: it never throws, never draws and never decides what comes
// next (events say who is prompted and which window opens). It copies only the path to what changed.
import type { Seat } from '@delve/kernel';
import type { DungeonEvent } from './events';
import type { Card } from './rules/cards';
import type { DungeonState, PlayerState, Prompt, ResponseWindow } from './state';

/** `list` without one copy of each of `cards`; the same array when none is in it. */
function without(list: readonly Card[], cards: readonly Card[]): readonly Card[] {
  // Draws and cells come off the top of the deck: slice instead of searching.
  if (cards.length > 0 && cards.every((card, i) => list[i] === card)) return list.slice(cards.length);
  let out = list;
  for (const card of cards) {
    const i = out.indexOf(card);
    if (i >= 0) out = [...out.slice(0, i), ...out.slice(i + 1)];
  }
  return out;
}

/** The state with one player replaced by `change(player)`; unchanged when the seat does not exist. */
function withPlayer(s: DungeonState, seat: Seat, change: (p: PlayerState) => PlayerState): DungeonState {
  const p = s.players[seat];
  if (!p) return s;
  const players = s.players.slice();
  players[seat] = change(p);
  return { ...s, players };
}

const fromHand = (s: DungeonState, seat: Seat, cards: readonly Card[]): DungeonState =>
  withPlayer(s, seat, (p) => ({ ...p, hand: without(p.hand, cards) }));

const toHand = (s: DungeonState, seat: Seat, cards: readonly Card[]): DungeonState =>
  withPlayer(s, seat, (p) => ({ ...p, hand: [...p.hand, ...cards] }));

const toPile = (s: DungeonState, ...cards: Card[]): DungeonState => ({ ...s, discard: [...s.discard, ...cards] });

/** The turn's one card has been played (a passage, cave-in, attack or power). */
const played = (s: DungeonState): DungeonState => (s.turn ? { ...s, turn: { ...s.turn, played: true } } : s);

/** The open window with `change` applied; unchanged when none is open. */
const inWindow = (s: DungeonState, change: (w: ResponseWindow) => ResponseWindow): DungeonState =>
  s.window ? { ...s, window: change(s.window) } : s;

/**
 * `seat` concedes (see rulings): out of the game with its hand discarded, like a slain player. Its play-off card, its
 * unresolved Aces and the card of a fight, power or cave-in it attacks, uses, suffers or answers go to the pile; those
 * are called off, with any question about them, and an escape it claimed in the dark fails. Interrupts it played stand.
 */
function conceded(s: DungeonState, seat: Seat): DungeonState {
  const involves = (...seats: (Seat | null)[]): boolean => seats.includes(seat);
  const combat = s.combat && involves(s.combat.attacker, s.combat.defender) ? null : s.combat;
  const power = s.power && involves(s.power.seat, s.power.target) ? null : s.power;
  const collapse = s.collapse && involves(s.collapse.seat, s.collapse.target) ? null : s.collapse;
  const chosen = s.playoff?.chosen[seat] ?? null;
  const aces = s.window?.aces.filter((a) => a.seat === seat) ?? [];
  const offTable = [
    ...(s.players[seat]?.hand ?? []),
    ...(chosen === null ? [] : [chosen]),
    ...aces.map((a) => a.card),
    ...[
      s.combat && !combat ? s.combat.card : null,
      s.power && !power ? s.power.card : null,
      s.collapse && !collapse ? s.collapse.card : null,
    ].filter((card): card is Card => card !== null),
  ];
  // A question stays only while what it is about stands and it is not the leaver's to answer.
  const about = (p: Prompt): boolean =>
    p.kind === 'defend' ? combat !== null : p.kind === 'joker-save' ? collapse !== null : p.kind === 'discard' || power !== null;
  const next = withPlayer(s, seat, (p) => ({ ...p, hand: [], alive: false }));
  return {
    ...toPile(next, ...offTable),
    playoff: s.playoff && {
      contenders: s.playoff.contenders.filter((c) => c !== seat),
      chosen: s.playoff.chosen.map((c, i) => (i === seat ? null : c)),
    },
    combat,
    power,
    collapse,
    prompt: s.prompt && s.prompt.seat !== seat && about(s.prompt) ? s.prompt : null,
    window: s.window && {
      ...s.window,
      aces: s.window.aces.filter((a) => a.seat !== seat),
      escape: s.window.escape?.seat === seat ? null : s.window.escape,
    },
  };
}

/** Apply `event` to `state`, sharing everything it does not change. Impossible facts leave the state as it was. */
export function evolve(s: DungeonState, e: DungeonEvent): DungeonState {
  switch (e.type) {
    case 'DeckShuffled':
      return { ...s, deck: e.order, discard: e.reason === 'reshuffle' ? [] : s.discard };
    case 'CellsAssigned': {
      let next: DungeonState = {
        ...s,
        deck: without(
          s.deck,
          e.cells.map((c) => c.card),
        ),
        setAside: e.setAside,
      };
      for (const c of e.cells) next = withPlayer(next, c.seat, (p) => ({ ...p, cell: c.card, cellFaceUp: c.faceUp }));
      return next;
    }
    case 'CardsDrawn':
      return toHand({ ...s, deck: without(s.deck, e.cards) }, e.seat, e.cards);
    case 'PlayOffStarted':
      return { ...s, phase: 'playoff', playoff: { contenders: e.contenders, chosen: s.players.map(() => null) } };
    case 'PlayOffCardChosen': {
      const next = fromHand(s, e.seat, [e.card]);
      if (!next.playoff) return next;
      const chosen = next.playoff.chosen.slice();
      chosen[e.seat] = e.card;
      return { ...next, playoff: { ...next.playoff, chosen } };
    }
    case 'PlayOffRevealed':
      return {
        ...toPile(s, ...e.cards.map((c) => c.card)),
        playoff: s.playoff && { ...s.playoff, chosen: s.players.map(() => null) },
      };
    case 'FirstPlayerChosen':
      return { ...s, playoff: null, phase: 'play' };
    case 'TurnStarted':
      return { ...s, turn: { seat: e.seat, played: false }, prompt: null, window: null };
    case 'PassagePlayed':
      return played(
        withPlayer(s, e.seat, (p) => ({
          ...p,
          hand: without(p.hand, [e.card]),
          dungeon: [...p.dungeon, { id: e.node, parent: e.parent, value: e.value, card: e.card, faceDown: e.faceDown }],
          nextNode: Math.max(p.nextNode, e.node + 1),
          leftCell: p.leftCell || e.value === 10,
        })),
      );
    case 'WindowOpened':
      return { ...s, window: { kind: e.kind, last: e.last, passed: [], aces: [], interrupts: [], escape: e.escape } };
    case 'CaveInPlayed':
      return { ...played(fromHand(s, e.seat, [e.card])), collapse: { seat: e.seat, card: e.card, target: e.target, node: e.node } };
    case 'PromptOpened':
      return { ...s, prompt: { kind: e.kind, seat: e.seat } };
    case 'PassageCollapsed': {
      const next = withPlayer(s, e.target, (p) =>
        e.saved ? { ...p, hand: without(p.hand, [e.lost]) } : { ...p, dungeon: p.dungeon.filter((n) => n.id !== e.node) },
      );
      return { ...toPile(next, e.by, e.lost), collapse: null, prompt: null };
    }
    case 'CreatureAttacked':
      return {
        ...played(fromHand(s, e.seat, [e.card])),
        combat: { attacker: e.seat, card: e.card, value: e.value, defender: e.target, node: e.node },
      };
    case 'CreatureDefeated': {
      const cards = e.cards.map((c) => c.card);
      return { ...toPile(fromHand(s, e.seat, cards), e.creature, ...cards), combat: null, prompt: null };
    }
    case 'Retreated': {
      const next = withPlayer(s, e.seat, (p) => ({ ...p, dungeon: p.dungeon.filter((n) => n.id !== e.node) }));
      return { ...toPile(next, ...(s.combat ? [s.combat.card] : []), e.card), combat: null, prompt: null };
    }
    case 'PlayerSlain': {
      const hand = s.players[e.seat]?.hand ?? [];
      const next = withPlayer(s, e.seat, (p) => ({ ...p, hand: [], alive: false }));
      return { ...toPile(next, ...(s.combat ? [s.combat.card] : []), ...hand), combat: null, prompt: null };
    }
    case 'PlayerConceded':
      return conceded(s, e.seat);
    case 'PowerUsed':
      return {
        ...played(fromHand(s, e.seat, [e.card])),
        power: { seat: e.seat, card: e.card, kind: e.power, target: e.target, ask: e.ask, denied: false, truthful: null },
      };
    case 'PowerInterrupted':
      return inWindow(fromHand(s, e.seat, [e.card]), (w) => ({
        ...w,
        last: e.seat,
        passed: [],
        interrupts: [...w.interrupts, { seat: e.seat, card: e.card }],
      }));
    case 'AcePlayed':
      return inWindow(fromHand(s, e.seat, [e.card]), (w) => ({
        ...w,
        last: e.seat,
        passed: [],
        aces: [...w.aces, { seat: e.seat, card: e.card }],
      }));
    case 'ResponsePassed':
      return inWindow(s, (w) => (w.passed.includes(e.seat) ? w : { ...w, passed: [...w.passed, e.seat] }));
    case 'AceResolved':
      return toPile(
        inWindow(s, (w) => ({ ...w, aces: w.aces.filter((a) => a.card !== e.card) })),
        e.card,
      );
    case 'WindowClosed': {
      // The interrupts go to the pile, and with them the power they cancelled.
      const interrupts = s.window?.interrupts.map((i) => i.card) ?? [];
      const next: DungeonState = { ...toPile(s, ...interrupts), window: null };
      return e.cancelled && next.power ? { ...toPile(next, next.power.card), power: null } : next;
    }
    case 'CardGiven':
      return toHand(fromHand(s, e.from, [e.card]), e.to, [e.card]);
    case 'CardDenied':
      return s.power ? { ...s, power: { ...s.power, denied: true, truthful: e.truthful } } : s;
    case 'HandRevealed':
    case 'DungeonRevealed':
      return s;
    case 'AnswerChecked':
      return { ...s, prompt: null };
    case 'PowerFinished': {
      if (!s.power) return { ...s, prompt: null };
      const { card } = s.power;
      const next: DungeonState = { ...s, power: null, prompt: null };
      return e.to === 'limbo' ? { ...next, limbo: [...next.limbo, card] } : toPile(next, card);
    }
    case 'CardTaken':
      return toHand({ ...s, discard: without(s.discard, [e.card]) }, e.seat, [e.card]);
    case 'CardsDiscarded': {
      const next = withPlayer(s, e.seat, (p) =>
        e.from === 'hand'
          ? { ...p, hand: without(p.hand, e.cards) }
          : { ...p, dungeon: p.dungeon.filter((n) => !e.cards.includes(n.card)) },
      );
      return toPile(next, ...e.cards);
    }
    case 'HandLimitReached':
      return { ...s, prompt: { kind: 'discard', seat: e.seat } };
    case 'TurnEnded':
      return { ...toPile(s, ...s.limbo), limbo: [], prompt: null };
    case 'GameWon':
      return { ...s, winners: [e.seat], phase: 'over', window: null, prompt: null };
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}
