// Folding events into the table state: total, pure, never throws, never draws.
import { topmostRoom } from './content';
import type { VentureEvent } from './events';
import type { PlayerState, StackItem, VentureState } from './state';

const bump = (state: VentureState, id: number): number => Math.max(state.nextId, id + 1);

function updatePlayer(state: VentureState, seat: number, change: (p: PlayerState) => PlayerState): VentureState {
  if (!state.players[seat]) return state;
  return { ...state, players: state.players.map((p) => (p.seat === seat ? change(p) : p)) };
}

function push(state: VentureState, item: StackItem): VentureState {
  return { ...state, stack: [...state.stack, item], nextId: bump(state, item.id) };
}

/** Apply one event to the state. */
export function evolve(state: VentureState, event: VentureEvent): VentureState {
  switch (event.type) {
    case 'TableSet':
      return {
        ...state,
        started: true,
        seats: event.seats,
        startingLife: event.startingLife,
        players: Array.from({ length: event.seats }, (_, seat) => ({
          seat,
          life: event.startingLife,
          inGame: true,
          dungeon: null,
          completed: [],
        })),
        active: event.firstPlayer,
        step: 'upkeep',
        turn: 1,
      };
    case 'StepBegan':
      return { ...state, active: event.active, step: event.step, turn: event.turn, combatDamage: [] };
    case 'Ventured':
      return state;
    case 'DungeonChoiceOpened':
      return { ...state, pending: { seat: event.seat, kind: 'dungeon', options: [...event.options] } };
    case 'RoomChoiceOpened':
      return { ...state, pending: { seat: event.seat, kind: 'room', options: [...event.options] } };
    case 'DungeonEntered': {
      const entered = updatePlayer(state, event.seat, (p) => ({
        ...p,
        dungeon: { dungeon: event.dungeon, instance: event.instance, room: topmostRoom(event.dungeon) },
      }));
      return { ...entered, pending: null, nextId: bump(state, event.instance) };
    }
    case 'MarkerMoved': {
      const moved = updatePlayer(state, event.seat, (p) => (p.dungeon ? { ...p, dungeon: { ...p.dungeon, room: event.room } } : p));
      return { ...moved, pending: null };
    }
    case 'RoomAbilityTriggered':
      return push(state, {
        id: event.stackId,
        kind: 'room',
        controller: event.seat,
        dungeon: event.dungeon,
        instance: event.instance,
        room: event.room,
        resolving: null,
        answers: [],
      });
    case 'DungeonCompleted':
      return updatePlayer(state, event.seat, (p) => ({ ...p, dungeon: null, completed: [...p.completed, event.dungeon] }));
    case 'InitiativeTaken':
      return { ...state, initiative: event.seat };
    case 'InitiativeVentureTriggered':
      return push(state, { id: event.stackId, kind: 'initiative-venture', controller: event.seat });
    case 'InitiativeStealTriggered':
      return push(state, { id: event.stackId, kind: 'initiative-steal', controller: event.seat, taker: event.taker });
    case 'ResolutionStarted':
      return {
        ...state,
        stack: state.stack.map((item) =>
          item.id === event.stackId && item.kind === 'room' ? { ...item, resolving: event.choices } : item,
        ),
      };
    case 'UnlessAnswered': {
      const answer = { seat: event.seat, pay: event.pay, ...(event.token !== undefined ? { token: event.token } : {}) };
      return {
        ...state,
        stack: state.stack.map((item) =>
          item.id === event.stackId && item.kind === 'room' ? { ...item, answers: [...item.answers, answer] } : item,
        ),
      };
    }
    case 'AbilityResolved':
      return { ...state, stack: state.stack.filter((item) => item.id !== event.stackId) };
    case 'LifeChanged':
      return updatePlayer(state, event.seat, (p) => ({ ...p, life: p.life + event.amount }));
    case 'DiceRolled':
      return state;
    case 'CombatDamageDealt':
      return { ...state, combatDamage: [...state.combatDamage, { player: event.player, firstStrike: event.firstStrike === true }] };
    case 'TokenCreated':
      return {
        ...state,
        tokens: [...state.tokens, { id: event.token, kind: event.kind, controller: event.controller, counters: 0 }],
        nextId: bump(state, event.token),
      };
    case 'CountersPut':
      return { ...state, tokens: state.tokens.map((t) => (t.id === event.token ? { ...t, counters: t.counters + event.count } : t)) };
    case 'TokenRemoved':
      return { ...state, tokens: state.tokens.filter((t) => t.id !== event.token) };
    case 'LegendChoiceOpened':
      return { ...state, pending: { seat: event.seat, kind: 'legend', options: [...event.options] } };
    case 'LegendKept':
      return { ...state, pending: null };
    case 'PlayerLeft': {
      // 800.4a: what the player owns and controls leaves with them, their abilities stop existing.
      const left = updatePlayer(state, event.seat, (p) => ({ ...p, inGame: false, dungeon: null }));
      return {
        ...left,
        initiative: state.initiative === event.seat ? null : state.initiative,
        tokens: state.tokens.filter((t) => t.controller !== event.seat),
        stack: state.stack.filter((item) => item.controller !== event.seat),
        pending: state.pending?.seat === event.seat ? null : state.pending,
      };
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
