// The log in words: one short sentence per venture event, from the event as the viewer was given it.
import type { Viewer } from '@delve/kernel';
import { DUNGEONS, isDungeonId } from './content';
import type { EventOf, VentureEvent } from './events';

const who = (seat: number, viewer: Viewer): string =>
  viewer.kind === 'seat' && viewer.seat === seat ? `seat ${seat} (you)` : `seat ${seat}`;
const dungeonName = (id: string): string => (isDungeonId(id) ? DUNGEONS[id].name : id);
/** A room by its flavour name (309.4b) when one dungeon alone has a room of that id, else by its id. */
function roomName(id: string): string {
  const names = Object.values(DUNGEONS).flatMap((d) => d.rooms.filter((r) => r.id === id).map((r) => r.name));
  return names.length === 1 ? (names[0] as string) : id;
}
const STEPS: Readonly<Record<string, string>> = {
  upkeep: 'upkeep',
  draw: 'draw step',
  main1: 'first main phase',
  'combat-damage': 'combat damage step',
  main2: 'second main phase',
  end: 'end step',
};

type Phrases = { readonly [T in VentureEvent['type']]: (event: EventOf<T>, viewer: Viewer) => string };

const PHRASES: Phrases = {
  TableSet: (e, v) => `${e.seats} players at ${e.startingLife} life; ${who(e.firstPlayer, v)} goes first.`,
  StepBegan: (e, v) => `Turn ${e.turn}: ${who(e.active, v)}'s ${STEPS[e.step] ?? e.step}.`,
  Ventured: (e, v) => `${who(e.seat, v)} ventured into ${e.undercity ? 'Undercity' : 'the dungeon'}.`,
  DungeonChoiceOpened: (e, v) => `${who(e.seat, v)} chooses a dungeon.`,
  RoomChoiceOpened: (e, v) => `${who(e.seat, v)} chooses between ${e.options.map(roomName).join(' and ')}.`,
  DungeonEntered: (e, v) => `${who(e.seat, v)} entered ${dungeonName(e.dungeon)}.`,
  MarkerMoved: (e, v) => `${who(e.seat, v)} moved to ${roomName(e.room)}.`,
  RoomAbilityTriggered: (e, v) => `${roomName(e.room)} triggered for ${who(e.seat, v)}.`,
  DungeonCompleted: (e, v) => `${who(e.seat, v)} completed ${dungeonName(e.dungeon)}.`,
  InitiativeTaken: (e, v) => `${who(e.seat, v)} took the initiative.`,
  InitiativeVentureTriggered: (e, v) => `The initiative will take ${who(e.seat, v)} into Undercity.`,
  InitiativeStealTriggered: (e, v) => `${who(e.taker, v)} will take the initiative from ${who(e.seat, v)}.`,
  ResolutionStarted: (e) => `Ability ${e.stackId} began to resolve.`,
  UnlessAnswered: (e, v) => `${who(e.seat, v)} ${e.pay ? 'paid' : 'did not pay'} the cost.`,
  AbilityResolved: (e) => `Ability ${e.stackId} resolved.`,
  DiceRolled: (e, v) => `${who(e.seat, v)} rolled ${e.results.join(', ')} on d${e.sides}.`,
  LifeChanged: (e, v) => `${who(e.seat, v)} ${e.amount < 0 ? 'lost' : 'gained'} ${Math.abs(e.amount)} life.`,
  CombatDamageDealt: (e, v) => `${who(e.attacker, v)}'s creatures dealt ${e.amount} damage to ${who(e.player, v)}.`,
  TokenCreated: (e, v) => `${who(e.controller, v)} created a ${e.kind.replaceAll('-', ' ')} token (#${e.token}).`,
  CountersPut: (e) => `Token #${e.token} got ${e.count} +1/+1 counter${e.count === 1 ? '' : 's'}.`,
  TokenRemoved: (e) => `Token #${e.token} left the battlefield.`,
  LegendChoiceOpened: (e, v) => `${who(e.seat, v)} must keep one of tokens ${e.options.map((id) => `#${id}`).join(', ')}.`,
  LegendKept: (e, v) => `${who(e.seat, v)} kept token #${e.token}.`,
  PlayerLeft: (e, v) => `${who(e.seat, v)} left the game (${e.reason === 'conceded' ? 'conceded' : 'no life left'}).`,
};

/** One short sentence for a venture event the viewer was given (the table hides nothing, so no card is secret). */
export function describe(event: VentureEvent, viewer: Viewer): string {
  const text = (PHRASES[event.type] as (e: VentureEvent, v: Viewer) => string)(event, viewer);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
