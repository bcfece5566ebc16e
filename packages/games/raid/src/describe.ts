// The log in words: one short sentence per raid event, from the event as the viewer was given it (already redacted).
import type { Viewer } from '@delve/kernel';
import { CATALOG } from './content';
import type { EventOf, RaidEvent } from './events';

/** Who acts: a raider seat (the viewer's own marked), or the Dungeon for `null`. */
const side = (seat: number | null, viewer: Viewer): string =>
  seat === null ? 'the Dungeon' : viewer.kind === 'seat' && viewer.seat === seat ? `seat ${seat} (you)` : `seat ${seat}`;
/** A card by its name; "a card" when the viewer was given it hidden ("?"), so a hidden card is never named. */
const card = (c: { card: string }): string => (c.card === '?' ? 'a card' : (CATALOG.cards.get(c.card)?.name ?? c.card));
const cards = (list: readonly { card: string }[]): string =>
  list.length > 0 && list.every((c) => c.card !== '?') ? list.map(card).join(', ') : `${list.length} card${list.length === 1 ? '' : 's'}`;
/** A character reference: the Dungeon hero, a raider's hero, or an ally by its card instance. */
const character = (ref: string, viewer: Viewer): string =>
  ref === 'dh' ? 'the Dungeon hero' : /^h\d$/.test(ref) ? `${side(Number(ref.slice(1)), viewer)}'s hero` : `ally ${ref}`;

type Phrases = { readonly [T in RaidEvent['type']]: (event: EventOf<T>, viewer: Viewer) => string };

const PHRASES: Phrases = {
  RaidSetUp: (e) =>
    `${CATALOG.dungeons.get(e.dungeon)?.name ?? e.dungeon} on ${e.difficulty}, level ${e.level}, against ${e.raiders
      .map((r) => CATALOG.classes.get(r.classId)?.name ?? r.classId)
      .join(', ')}; ${e.first === 'dungeon' ? 'the Dungeon' : 'the raiders'} first.`,
  DeckBuilt: (e, v) => `${side(e.seat, v)}'s deck of ${e.cards.length} cards was shuffled.`,
  DeckShuffled: (e, v) => `${side(e.seat, v)}'s deck was shuffled${e.reason === 'enrage' ? ' from its graveyard' : ''}.`,
  CardsDrawn: (e, v) => `${side(e.seat, v)} drew ${cards(e.cards)}.`,
  MulliganTaken: (e, v) => `${side(e.seat, v)} took a mulligan.`,
  HandKept: (e, v) => `${side(e.seat, v)} kept the opening hand.`,
  TurnStarted: (e, v) => `Turn ${e.number}: ${side(e.seat, v)}.`,
  CardsReadied: (e, v) => `${side(e.seat, v)} readied every exhausted card.`,
  DungeonLeveledUp: (e) => `The Dungeon hero went up to level ${e.to}.`,
  HeroMarked: (e, v) => `The die showed ${e.roll}: ${side(e.seat, v)}'s hero is MARKED.`,
  FlipsAnnounced: (e) => `The Dungeon flips ${e.count} card${e.count === 1 ? '' : 's'} this turn.`,
  ExtraFlips: (e) => `The Dungeon flips ${e.count} more.`,
  DungeonEnraged: () => 'The Dungeon deck ran out: its hero is enraged (+2 ATK).',
  CardFlipped: (e) => `The Dungeon flipped ${card(e.card)}.`,
  ResourcePlaced: (e, v) => `${side(e.seat, v)} placed ${card(e.card)} as a resource.`,
  CostPaid: (e, v) => `${side(e.seat, v)} paid ${e.amount}.`,
  CardPlayed: (e, v) =>
    `${side(e.seat, v)} played ${card(e.card)}${e.target === null ? '' : ` on ${character(e.target, v)}`}${e.replaced === null ? '' : ', replacing the old one'}.`,
  AbilityResolved: (e, v) => `${side(e.seat, v)}'s ability resolved.`,
  CardCancelled: (e, v) => `${side(e.seat, v)} cancelled the flipped card.`,
  DamageDealt: (e, v) => `${character(e.target, v)} took ${e.amount} damage${e.prevented > 0 ? ` (${e.prevented} prevented)` : ''}.`,
  Healed: (e, v) => `${character(e.target, v)} healed ${e.amount}.`,
  CharacterExhausted: (e, v) => `${character(e.target, v)} was exhausted.`,
  CharacterReadied: (e, v) => `${character(e.target, v)} was readied.`,
  AtkChanged: (e, v) => `${character(e.target, v)} ${e.amount < 0 ? 'lost' : 'got'} ${Math.abs(e.amount)} ATK this turn.`,
  AllyDestroyed: (e, v) => `${side(e.seat, v)}'s ${e.boss ? 'Boss' : 'ally'} ${card(e.card)} was destroyed.`,
  CardReturned: (e, v) => `${card(e.card)} went back to ${e.to === 'hand' ? `${side(e.seat, v)}'s hand` : 'the top of the Dungeon deck'}.`,
  CardsDiscarded: (e, v) => `${side(e.seat, v)} discarded ${cards(e.cards)}.`,
  RaiderDefeated: (e, v) => `${side(e.seat, v)}'s hero was destroyed.`,
  RaiderRetreated: (e, v) => `${side(e.seat, v)} retreated from the raid.`,
  AttackDeclared: (e, v) => `${character(e.attacker, v)} attacked ${character(e.target, v)}.`,
  AttackRedirected: (e, v) => `${character(e.protector, v)} stepped in to protect.`,
  AttackEnded: (e) => (e.cancelled ? 'The attack was cancelled.' : 'The attack is over.'),
  WindowOpened: (e, v) =>
    `${e.awaiting.map((s) => side(s, v)).join(', ')} may respond to the ${e.kind === 'flip' ? 'flipped card' : 'attack'}.`,
  ResponsePassed: (e, v) => `${side(e.seat, v)} passed.`,
  WindowClosed: () => 'Every raider asked has passed.',
  HandLimitReached: (e, v) => `${side(e.seat, v)} must discard ${e.excess}.`,
  TurnEnded: (e, v) => `${side(e.seat, v)}'s turn ended.`,
  RaidEnded: (e) => `The raid is over: ${e.result.outcome === 'raiders' ? 'the raiders' : 'the Dungeon'} won.`,
};

/** One short sentence for a raid event the viewer was given. */
export function describe(event: RaidEvent, viewer: Viewer): string {
  const text = (PHRASES[event.type] as (e: RaidEvent, v: Viewer) => string)(event, viewer);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
