// The log in words: one short sentence per Dungeon event, from the event as the viewer was given it (already redacted).
import type { Viewer } from '@delve/kernel';
import type { DungeonEvent, EventOf } from './events';
import { HIDDEN, rankName } from './rules/cards';

/** A seat as the log names it; the viewer's own seat is marked, so a reader finds their moves. */
const who = (seat: number, viewer: Viewer): string =>
  viewer.kind === 'seat' && viewer.seat === seat ? `seat ${seat} (you)` : `seat ${seat}`;
/** A card the viewer may see by its code, one it may not as "a card". */
const named = (card: string): string => (card === HIDDEN ? 'a card' : card);
/** Cards by code when every one is visible to the viewer, else only how many (a hidden card is never named). */
const cards = (list: readonly string[]): string =>
  list.length > 0 && list.every((c) => c !== HIDDEN) ? list.join(' ') : `${list.length} card${list.length === 1 ? '' : 's'}`;
const place = (node: number | null): string => (node === null || node === 0 ? 'cell' : `passage ${node}`);

type Phrases = { readonly [T in DungeonEvent['type']]: (event: EventOf<T>, viewer: Viewer) => string };

const PHRASES: Phrases = {
  DeckShuffled: (e) => (e.reason === 'setup' ? 'The deck was shuffled.' : 'The discard pile was shuffled into a new deck.'),
  CellsAssigned: (e) => `Every player got a cell (${e.cells.map((c) => (c.faceUp ? c.card : 'face down')).join(', ')}).`,
  CardsDrawn: (e, v) => `${who(e.seat, v)} drew ${cards(e.cards)}${e.reason === 'ace' ? ' for an Ace' : ''}.`,
  PlayOffStarted: (e, v) => `A play-off for the first turn began between ${e.contenders.map((s) => who(s, v)).join(', ')}.`,
  PlayOffCardChosen: (e, v) => `${who(e.seat, v)} put ${named(e.card)} down for the play-off.`,
  PlayOffRevealed: (e, v) => `Play-off cards shown: ${e.cards.map((c) => `${who(c.seat, v)} ${named(c.card)}`).join(', ')}.`,
  FirstPlayerChosen: (e, v) => `${who(e.seat, v)} plays first.`,
  TurnStarted: (e, v) => `${who(e.seat, v)}'s turn began.`,
  PassagePlayed: (e, v) => `${who(e.seat, v)} laid ${named(e.card)}${e.faceDown ? ' face down' : ''} as passage ${e.value}.`,
  WindowOpened: (e) => `Other players may answer the ${e.kind === 'play' ? 'play' : e.kind}.`,
  CaveInPlayed: (e, v) => `${who(e.seat, v)} played ${named(e.card)} to cave in ${who(e.target, v)}'s passage ${e.node}.`,
  PromptOpened: (e, v) => `${who(e.seat, v)} must choose (${e.kind}).`,
  PassageCollapsed: (e, v) =>
    e.saved
      ? `${who(e.target, v)} gave up ${e.faceDown ? 'a card' : named(e.lost)} to keep passage ${e.node}.`
      : `${who(e.target, v)}'s passage ${e.node} collapsed${e.faceDown ? '' : ` (${named(e.lost)})`}.`,
  CreatureAttacked: (e, v) => `${who(e.seat, v)} set ${named(e.card)} (${e.value}) on ${who(e.target, v)}'s ${place(e.node)}.`,
  CreatureDefeated: (e, v) => `${who(e.seat, v)} beat ${named(e.creature)} with ${cards(e.cards.map((c) => c.card))}.`,
  Retreated: (e, v) => `${who(e.seat, v)} retreated from passage ${e.node}${e.faceDown ? '' : ` (${named(e.card)})`}.`,
  PlayerSlain: (e, v) => `${who(e.seat, v)} was slain.`,
  PlayerConceded: (e, v) => `${who(e.seat, v)} conceded.`,
  PowerUsed: (e, v) =>
    e.power === 'myrmiddon' && e.target !== null
      ? `${who(e.seat, v)} used ${named(e.card)} to ask ${who(e.target, v)} for ${e.ask === null ? 'a card' : `a ${rankName(e.ask)}`}.`
      : `${who(e.seat, v)} used ${named(e.card)} to take a card from the discard pile.`,
  PowerInterrupted: (e, v) => `${who(e.seat, v)} countered the power with ${named(e.card)}.`,
  AcePlayed: (e, v) => `${who(e.seat, v)} played ${named(e.card)}.`,
  ResponsePassed: (e, v) => `${who(e.seat, v)} passed.`,
  AceResolved: (e, v) => `${who(e.seat, v)}'s ${named(e.card)} resolved.`,
  WindowClosed: (e) => (e.cancelled ? 'Everyone passed; the power was cancelled.' : 'Everyone passed.'),
  CardGiven: (e, v) => `${who(e.from, v)} gave ${named(e.card)} to ${who(e.to, v)}.`,
  CardDenied: (e, v) => `${who(e.seat, v)} said they have no such card.`,
  HandRevealed: (e, v) =>
    `${who(e.seat, v)} showed their hand to ${who(e.to, v)}${e.cards.every((c) => c !== HIDDEN) ? `: ${cards(e.cards)}` : ''}.`,
  AnswerChecked: (e, v) => `${who(e.seat, v)}'s denial was ${e.truthful ? 'true' : 'a lie'}.`,
  PowerFinished: (e, v) => `${who(e.seat, v)}'s power is over.`,
  CardTaken: (e, v) => `${who(e.seat, v)} took ${named(e.card)} from the discard pile.`,
  CardsDiscarded: (e, v) =>
    `${who(e.seat, v)} discarded ${e.faceDown ? `${e.cards.length} card${e.cards.length === 1 ? '' : 's'} face down` : cards(e.cards)} from ${e.from === 'hand' ? 'hand' : 'the dungeon'}.`,
  DungeonRevealed: (e, v) => `${who(e.by, v)} made ${who(e.seat, v)} show their passages: ${e.cheated ? 'a cheat' : 'all honest'}.`,
  HandLimitReached: (e, v) => `${who(e.seat, v)} must discard ${e.excess} card${e.excess === 1 ? '' : 's'}.`,
  TurnEnded: (e, v) => `${who(e.seat, v)}'s turn ended.`,
  GameWon: (e, v) => `${who(e.seat, v)} won by ${e.how === 'escaped' ? 'escaping' : 'being the last one alive'}.`,
};

/** One short sentence for a Dungeon event the viewer was given. */
export function describe(event: DungeonEvent, viewer: Viewer): string {
  const text = (PHRASES[event.type] as (e: DungeonEvent, v: Viewer) => string)(event, viewer);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
