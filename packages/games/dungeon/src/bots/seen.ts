// What a seat can rebuild of the state from its own view: hidden cards stay "?", so nothing secret can leak into bots.
import type { DungeonState } from '../state';
import type { DungeonView } from '../viewSchema';
import { HIDDEN } from '../rules/cards';

/**
 * A state-shaped copy of `view` for code written against the state (legalCommands, the bots). Hidden cards are
 * "?"; the deck is as long as the real one. Deciding on it is not meaningful; listing the seat's options is.
 */
export function stateFromView(view: DungeonView): DungeonState {
  return {
    options: view.options,
    seats: view.players.length,
    phase: view.phase,
    deck: Array.from({ length: view.deckCount }, () => HIDDEN),
    discard: view.discard,
    setAside: [],
    players: view.players.map((p) => ({
      seat: p.seat,
      alive: p.alive,
      hand: p.hand ?? Array.from({ length: p.handCount }, () => HIDDEN),
      cell: p.cell,
      cellFaceUp: p.cell !== HIDDEN,
      dungeon: p.dungeon.map((n) => ({ ...n, faceDown: n.card === HIDDEN })),
      leftCell: p.leftCell,
      nextNode: Math.max(0, ...p.dungeon.map((n) => n.id)) + 1,
    })),
    playoff: view.playoff && {
      contenders: view.playoff.contenders,
      chosen: view.players.map((p) => (view.playoff?.ready.includes(p.seat) ? HIDDEN : null)),
    },
    turn: view.turn,
    limbo: view.limbo,
    combat: view.combat,
    // Whether a denial was true is not the viewer's to know; nothing a seat may do depends on it.
    power: view.power && { ...view.power, truthful: null },
    collapse: view.collapse,
    window: view.window,
    prompt: view.prompt,
    winners: view.winners,
  };
}
