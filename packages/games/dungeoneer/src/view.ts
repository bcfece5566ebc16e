// view and redact: hands as counts, deck orders hidden; the map, positions, trackers, Inventories and Packs public.
import type { Seat, Viewer } from '@delve/kernel';
import type { DungeoneerEvent } from './events';
import { crossable, DIRECTIONS, doorOpen, exitOf, placedAt, stepFrom } from './rules/map';
import { mapDesign, questDesign } from './rules/table';
import type { DungeoneerState } from './state';
import { awaiting, phaseOf } from './status';
import type { DungeoneerView } from './viewSchema';

/** What stands for a card the viewer may not see. */
export const HIDDEN = '?';

const seatOf = (viewer: Viewer): Seat | null => (viewer.kind === 'seat' ? viewer.seat : null);
const hide = (cards: readonly string[]): string[] => cards.map(() => HIDDEN);

/** The grid as a client draws it: each card with its exits turned as it lies, who stands there and what lies there. */
function gridOf(s: DungeoneerState) {
  const inPlay = [...s.players.flatMap((pl) => pl.quests), ...s.globalQuests].map(questDesign);
  const standing = s.players.filter((pl) => !pl.defeated && pl.hero);
  const cells = s.map.map((p) => {
    const card = mapDesign(p.card);
    const exits = { N: exitOf(p, 'N'), E: exitOf(p, 'E'), S: exitOf(p, 'S'), W: exitOf(p, 'W') };
    return {
      x: p.x,
      y: p.y,
      card: p.card,
      name: card.name,
      kind: card.kind,
      rotation: p.rotation,
      exits,
      open: DIRECTIONS.filter(
        (d) => exits[d].kind !== 'wall' && doorOpen(s, p, d) && (!placedAt(s.map, stepFrom(p, d)) || crossable(s.map, p, d)),
      ),
      glory: card.glory,
      peril: card.peril,
      feature: card.feature ?? null,
      heroes: standing.filter((pl) => pl.hero?.x === p.x && pl.hero.y === p.y).map((pl) => pl.seat),
      components: s.components.filter((c) => c.x === p.x && c.y === p.y).map((c) => c.quest),
      quests: inPlay.filter((q) => q.space === p.card || q.from === p.card).map((q) => q.id),
    };
  });
  const xs = s.map.map((p) => p.x);
  const ys = s.map.map((p) => p.y);
  return { cells, minX: Math.min(0, ...xs), maxX: Math.max(0, ...xs), minY: Math.min(0, ...ys), maxY: Math.max(0, ...ys) };
}

/**
 * The state as `viewer` may see it (see viewSchema): hands of others are counts, their secret quests and Map cards in
 * hand "?", decks hidden, and secret quests that left play face down stay "?".
 */
export function view(s: DungeoneerState, viewer: Viewer): DungeoneerView {
  const me = seatOf(viewer);
  const all = viewer.kind === 'audit';
  const searching = s.prompt?.kind === 'reward' && s.prompt.reward === 'deck' && s.prompt.seat === me;
  const { deck: _deck, mapDeck: _mapDeck, questDeck: _questDeck, perilDeck: _perilDeck, players: _players, questsBuried, ...open } = s;
  return {
    ...open,
    questsBuried: all ? questsBuried : hide(questsBuried),
    you: me,
    phase: phaseOf(s),
    awaiting: awaiting(s),
    players: s.players.map((p) => {
      const sees = all || p.seat === me;
      return {
        ...p,
        hand: sees ? p.hand : null,
        handCount: p.hand.length,
        secretQuests: sees ? p.secretQuests : hide(p.secretQuests),
        mapHand: sees ? p.mapHand : hide(p.mapHand),
      };
    }),
    deckCount: s.deck.length,
    perilDeckCount: s.perilDeck.length,
    mapDeckCount: s.mapDeck.length,
    questDeckCount: s.questDeck.length,
    search: searching ? s.deck : null,
    decks: all ? { adventure: s.deck, peril: s.perilDeck, map: s.mapDeck, quests: s.questDeck } : null,
    grid: gridOf(s),
  } as DungeoneerView;
}

/**
 * What `viewer` may see of `event` (`state` is the state before it): deck orders, others' draws, others' secret
 * quests and others' Map cards in hand are hidden.
 */
export function redact(event: DungeoneerEvent, viewer: Viewer, state: DungeoneerState): DungeoneerEvent | null {
  if (viewer.kind === 'audit') return event;
  const me = seatOf(viewer);
  switch (event.type) {
    case 'QuestDeckShuffled':
    case 'MapDeckShuffled':
    case 'AdventureDeckShuffled':
      return { ...event, order: hide(event.order) };
    case 'CardsDrawn':
    case 'MapCardsReturned':
      return event.seat === me ? event : { ...event, cards: hide(event.cards) };
    case 'CardTaken':
      return event.from === 'deck' && event.seat !== me ? { ...event, card: HIDDEN } : event;
    case 'QuestsDealt':
      if (!state.options.secretQuest) return event;
      return { ...event, quests: event.quests.map((q) => (q.seat === me ? q : { ...q, cards: hide(q.cards) })) };
    case 'SecretQuestChosen':
      return event.seat === me ? event : { ...event, secret: HIDDEN };
    case 'MapCardsDealt':
      return { ...event, hands: event.hands.map((h) => (h.seat === me ? h : { ...h, cards: hide(h.cards) })) };
    case 'MapCardsPassed':
      return { ...event, passes: event.passes.map((x) => (x.from === me || x.to === me ? x : { ...x, cards: hide(x.cards) })) };
    case 'HeroDefeated':
    case 'PlayerConceded':
      return event.seat === me ? event : { ...event, hidden: hide(event.hidden) };
    default:
      return event;
  }
}
