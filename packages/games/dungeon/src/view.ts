// Per-viewer views of the state and redaction of events: hidden cards become "?".
import type { Seat, Viewer } from '@delve/kernel';
import type { DungeonEvent } from './events';
import { darkDiscards } from './options';
import { HIDDEN, type Card } from './rules/cards';
import { awaiting } from './rules/table';
import type { DungeonState, Power } from './state';
import type { DungeonView } from './viewSchema';

const seatOf = (viewer: Viewer): Seat | null => (viewer.kind === 'seat' ? viewer.seat : null);

/** Whether `viewer` may read the discard pile's faces now. */
function seesDiscard(state: DungeonState, viewer: Viewer): boolean {
  if (viewer.kind === 'audit' || !darkDiscards(state.options)) return true;
  return state.prompt?.kind === 'pick' && state.prompt.seat === seatOf(viewer);
}

/** A pending power as everyone sees it: whether a Myrmiddon's target denied, not whether that was true. */
function publicPower(power: Power | null): DungeonView['power'] {
  if (!power) return null;
  const { seat, card, kind, target, ask, denied } = power;
  return { seat, card, kind, target, ask, denied };
}

/** The state as `viewer` may see it: other hands as counts, face-down cards as "?", the audit viewer sees every card. */
export function view(state: DungeonState, viewer: Viewer): DungeonView {
  const me = seatOf(viewer);
  const all = viewer.kind === 'audit';
  return {
    options: state.options,
    phase: state.phase,
    awaiting: awaiting(state),
    you: me,
    turn: state.turn,
    deckCount: state.deck.length,
    discardCount: state.discard.length,
    discard: seesDiscard(state, viewer) ? [...state.discard] : state.discard.map(() => HIDDEN),
    players: state.players.map((p) => ({
      seat: p.seat,
      alive: p.alive,
      handCount: p.hand.length,
      hand: all || p.seat === me ? [...p.hand] : null,
      cell: p.cell === null ? null : all || p.cellFaceUp ? p.cell : HIDDEN,
      leftCell: p.leftCell,
      dungeon: p.dungeon.map((n) => ({
        id: n.id,
        parent: n.parent,
        value: n.value,
        card: all || !n.faceDown || p.seat === me ? n.card : HIDDEN,
      })),
    })),
    playoff: state.playoff && {
      contenders: state.playoff.contenders,
      ready: state.playoff.contenders.filter((seat) => state.playoff?.chosen[seat] !== null),
    },
    combat: state.combat,
    power: publicPower(state.power),
    collapse: state.collapse,
    window: state.window,
    prompt: state.prompt,
    limbo: state.limbo,
    winners: state.winners,
  };
}

const hide = (cards: readonly Card[]): Card[] => cards.map(() => HIDDEN);

/** What `viewer` may see of `event`; `state` is the state before it. Nothing is dropped, only cards hidden. */
export function redact(event: DungeonEvent, viewer: Viewer, state: DungeonState): DungeonEvent | null {
  if (viewer.kind === 'audit') return event;
  const me = seatOf(viewer);
  switch (event.type) {
    case 'DeckShuffled':
      return { ...event, order: hide(event.order) };
    case 'CellsAssigned':
      return { ...event, cells: event.cells.map((c) => (c.faceUp ? c : { ...c, card: HIDDEN })) };
    case 'CardsDrawn':
      return event.seat === me ? event : { ...event, cards: hide(event.cards) };
    case 'PlayOffCardChosen':
      return event.seat === me ? event : { ...event, card: HIDDEN };
    case 'PassagePlayed':
      return event.faceDown && event.seat !== me ? { ...event, card: HIDDEN } : event;
    case 'PassageCollapsed': {
      // The owner knows the card he lost; others only if it went face up.
      return event.faceDown && event.target !== me ? { ...event, lost: HIDDEN } : event;
    }
    case 'Retreated':
      return event.faceDown && event.seat !== me ? { ...event, card: HIDDEN } : event;
    case 'CardsDiscarded':
      return event.faceDown && event.seat !== me ? { ...event, cards: hide(event.cards) } : event;
    case 'CardGiven':
      return event.from === me || event.to === me ? event : { ...event, card: HIDDEN };
    case 'CardDenied':
      // Whether the denial is true is the denier's secret until the asker looks.
      return event.seat === me ? event : { ...event, truthful: null };
    case 'HandRevealed':
      return event.seat === me || event.to === me ? event : { ...event, cards: hide(event.cards) };
    case 'CardTaken':
      return darkDiscards(state.options) && event.seat !== me ? { ...event, card: HIDDEN } : event;
    default:
      return event;
  }
}
