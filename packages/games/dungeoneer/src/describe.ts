// The log in words: one short sentence per Dungeoneer event, heroes and monsters by name, from the redacted event.
import type { Viewer } from '@delve/kernel';
import { adventureCard, heroCard, mapCard, questCard } from './content';
import type { DungeoneerEvent, EventOf, Side } from './events';

const HIDDEN = '?';
const who = (seat: number, viewer: Viewer): string =>
  viewer.kind === 'seat' && viewer.seat === seat ? `seat ${seat} (you)` : `seat ${seat}`;
/** Any card by its name; "a card" when the viewer was given it hidden, so a hidden card is never named. */
const name = (id: string): string =>
  id === HIDDEN ? 'a card' : (adventureCard(id)?.name ?? mapCard(id)?.name ?? questCard(id)?.name ?? heroCard(id)?.name ?? id);
const names = (ids: readonly string[]): string =>
  ids.length > 0 && ids.every((c) => c !== HIDDEN) ? ids.map(name).join(', ') : `${ids.length} card${ids.length === 1 ? '' : 's'}`;
const at = (x: number, y: number): string => `(${x},${y})`;
const SIDES: Readonly<Record<string, string>> = { N: 'north', S: 'south', E: 'east', W: 'west' };
const fighter = (s: Side, v: Viewer): string =>
  s.kind === 'hero' ? `${who(s.seat, v)}'s hero` : s.kind === 'quest' ? `the monster of ${name(s.quest)}` : name(s.card);
const signed = (n: number, what: string): string => `${n >= 0 ? '+' : ''}${n} ${what}`;

type Phrases = { readonly [T in DungeoneerEvent['type']]: (event: EventOf<T>, viewer: Viewer) => string };

const PHRASES: Phrases = {
  HeroesAssigned: (e, v) => `Heroes: ${e.heroes.map((h) => `${who(h.seat, v)} ${name(h.hero)}`).join(', ')}.`,
  QuestDeckShuffled: () => 'The quest deck was shuffled.',
  QuestsDealt: (e, v) => `Quests dealt: ${e.quests.map((q) => `${who(q.seat, v)} ${names(q.cards)}`).join('; ')}.`,
  GlobalQuestRevealed: (e) => `New Global Quest: ${name(e.quest)}.`,
  SecretQuestChosen: (e, v) => `${who(e.seat, v)} kept ${name(e.secret)} secret and showed ${name(e.revealed)}.`,
  QuestRevealed: (e, v) => `${who(e.seat, v)} revealed ${name(e.quest)}.`,
  MapCardsDealt: (e) => `The Map deck was dealt out to ${e.hands.length} players.`,
  MapCardsPassed: (e, v) => `Map cards passed: ${e.passes.map((p) => `${who(p.from, v)} gave ${names(p.cards)}`).join('; ')}.`,
  MapCardsReturned: (e, v) => `${who(e.seat, v)} returned ${e.cards.length} Map card${e.cards.length === 1 ? '' : 's'}.`,
  MapStarted: (e) => `The map starts from the Dungeon Entrance with ${e.placed.length - 1} passages.`,
  MapDeckShuffled: () => 'The Map deck was shuffled.',
  AdventureDeckShuffled: (e) => `The ${e.deck === 'peril' ? 'Peril' : 'Adventure'} deck was shuffled.`,
  CardsDrawn: (e, v) => `${who(e.seat, v)} drew ${names(e.cards)}.`,
  InitiativeRolled: (e, v) => `Initiative: ${e.rolls.map((r) => `${who(r.seat, v)} rolled ${r.roll}`).join(', ')}.`,
  InitiativeWon: (e, v) => `${who(e.seat, v)} goes first.`,
  TreasuresCarried: (e, v) => `${who(e.seat, v)} carried in ${names(e.cards)}.`,
  TurnStarted: (e, v) => `Round ${e.round}: ${who(e.seat, v)}'s turn.`,
  PhaseBegan: (e, v) => `${e.seat === undefined ? '' : `${who(e.seat, v)}: `}${e.phase === 'dungeonlord' ? 'Dungeonlord' : e.phase} phase.`,
  PromptOpened: (e, v) =>
    `Waiting for ${'seat' in e.prompt ? who(e.prompt.seat, v) : 'the table'} (${e.prompt.kind.replaceAll('-', ' ')}).`,
  PromptClosed: () => 'The choice is made.',
  UpkeepPaid: (e, v) => `${who(e.seat, v)} paid ${e.glory} Glory to keep ${name(e.card)}.`,
  CardReturned: (e, v) => `${name(e.card)} went back to ${who(e.seat, v)}'s hand.`,
  MovementsSet: (e, v) => `${who(e.seat, v)} has ${e.movements} Movement${e.movements === 1 ? '' : 's'}.`,
  EncounterPlayed: (e, v) => `${who(e.seat, v)} played ${name(e.card)} against ${who(e.target, v)} at ${at(e.x, e.y)} for ${e.cost} Peril.`,
  BanePlayed: (e, v) =>
    `${who(e.seat, v)} played ${name(e.card)}${e.target === null ? '' : ` on ${who(e.target, v)}`} for ${e.cost} Peril.`,
  BaneResolved: (e) => `${name(e.card)} ${e.negated ? 'was cancelled' : 'took effect'}.`,
  CombatStaged: (e) => `Combat: ${e.stage} step.`,
  ResponsePassed: (e, v) => `${who(e.seat, v)} is done responding.`,
  DefenderChosen: (e, v) => `${who(e.seat, v)} takes on the defence.`,
  PackMarkerPlaced: (e, v) => `${who(e.seat, v)}'s Pack is at ${at(e.x, e.y)}.`,
  PackMarkerRemoved: (e, v) => `${who(e.seat, v)}'s Pack marker came off the map.`,
  PackMovementsRolled: (e, v) => `${who(e.seat, v)}'s Pack rolled ${e.roll}: ${e.movements} Movement${e.movements === 1 ? '' : 's'}.`,
  PackMoved: (e, v) => `${who(e.seat, v)}'s Pack moved ${SIDES[e.side] ?? e.side} to ${at(e.x, e.y)}.`,
  PackEngaged: (e, v) => `${who(e.hero, v)}'s hero ${e.how === 'entry' ? 'ran into' : 'challenged'} ${who(e.seat, v)}'s Pack.`,
  PackMonsterSlain: (e, v) => `${who(e.by, v)}'s hero slew ${name(e.card)} of ${who(e.seat, v)}'s Pack.`,
  PackMonsterWounded: (e) => `${name(e.card)} has ${e.wounds} wound${e.wounds === 1 ? '' : 's'}.`,
  TreasureLooted: (e, v) => `${who(e.seat, v)} looted ${name(e.card)} at ${at(e.x, e.y)}.`,
  EncounterResolved: (e, v) => `Encounter ${e.index + 1} ${e.outcome}${e.by === undefined ? '' : ` by ${who(e.by, v)}`}.`,
  EncounterDiscarded: (e) => `Encounter ${e.index + 1} was discarded.`,
  MonsterStowed: (e, v) => `${name(e.card)} went back to ${who(e.seat, v)}'s ${e.to}.`,
  CombatEnded: () => 'The encounters are over.',
  AttackRolled: (e, v) =>
    `${fighter(e.attacker, v)} attacked ${fighter(e.defender, v)} by ${e.form}: ${e.attack.roll}+${e.attack.score} against ${e.defence.roll}+${e.defence.score}, ${e.hit === 'none' ? 'no hit' : `${e.hit} hits`}.`,
  ThreatRolled: (e, v) =>
    `${who(e.seat, v)} rolled ${e.roll}+${e.score} against ${e.target} (${['door', 'pit', 'spikes'].includes(e.source) ? e.source : name(e.source)}): ${e.success ? 'passed' : 'failed'}.`,
  HeroWounded: (e, v) => `${who(e.seat, v)}'s hero took ${e.wounds} wound${e.wounds === 1 ? '' : 's'} (life ${e.life}).`,
  HeroHealed: (e, v) => `${who(e.seat, v)}'s hero healed to life ${e.life}.`,
  MonsterWounded: (e) => `Encounter ${e.index + 1} has ${e.wounds} wound${e.wounds === 1 ? '' : 's'}.`,
  QuestMonsterWounded: (e) => `The monster of ${name(e.quest)} has ${e.wounds} wound${e.wounds === 1 ? '' : 's'}.`,
  TrackerChanged: (e, v) => `${who(e.seat, v)}: ${signed(e.glory, 'Glory')}, ${signed(e.peril, 'Peril')}.`,
  BoostGained: (e, v) => `${who(e.seat, v)}: ${signed(e.amount, e.stat)} this turn.`,
  HeroTipped: (e, v) => `${who(e.seat, v)}'s hero ${e.tipped ? 'fell' : 'climbed out'}.`,
  HeroRecalled: (e, v) => `${who(e.seat, v)}'s hero was carried back to the entrance.`,
  CardsDiscarded: (e, v) => `${who(e.seat, v)} discarded ${names(e.cards)} from ${e.from}.`,
  PerilEarned: (e, v) => `${who(e.seat, v)} earned ${e.amount} Peril to give.`,
  PerilAssigned: (e, v) => `${who(e.seat, v)} gave a Peril to ${who(e.to, v)}.`,
  MapCardDrawn: (e, v) => `${who(e.seat, v)} drew the Map card ${name(e.card)}.`,
  MapPlaced: (e, v) => `${who(e.seat, v)} placed ${name(e.card)} at ${at(e.x, e.y)}.`,
  MapCardSetAside: (e) => `${name(e.card)} fits nowhere and went to the bottom of the Map deck.`,
  BoonPlayed: (e, v) => `${who(e.seat, v)} played ${name(e.card)} for ${e.cost} Glory.`,
  TreasureReadied: (e, v) => `${who(e.seat, v)} ${e.use ? 'used' : 'readied'} ${name(e.card)} for ${e.cost} Glory.`,
  CardActivated: (e, v) => `${who(e.seat, v)} used ${name(e.card)}.`,
  AbilityUsed: (e, v) => `${who(e.seat, v)}'s hero used its ability.`,
  DoorOpened: (e) => `The ${SIDES[e.side] ?? e.side} door of ${at(e.x, e.y)} is open.`,
  HeroOnCusp: (e, v) => `${who(e.seat, v)}'s hero waits at the ${SIDES[e.side] ?? e.side} door.`,
  HeroMoved: (e, v) => `${who(e.seat, v)}'s hero moved ${SIDES[e.side] ?? e.side} to ${at(e.x, e.y)}.`,
  SpaceCollected: (e, v) => `${who(e.seat, v)} collected ${e.glory} Glory and ${e.peril} Peril at ${at(e.x, e.y)}.`,
  Challenged: (e, v) => `${who(e.seat, v)}'s hero challenged ${fighter(e.target, v)} by ${e.form}.`,
  QuestAttempted: (e, v) => `${who(e.seat, v)} attempted ${name(e.quest)}.`,
  QuestFound: (e, v) => `${who(e.seat, v)} found the objective of ${name(e.quest)}.`,
  QuestMonsterAttacked: (e, v) => `The monster of ${name(e.quest)} attacked ${who(e.seat, v)}'s hero.`,
  ComponentPickedUp: (e, v) => `${who(e.seat, v)} picked up the escort of ${name(e.quest)}.`,
  ComponentDropped: (e, v) => `${who(e.seat, v)} set the escort of ${name(e.quest)} down at ${at(e.x, e.y)}.`,
  QuestCompleted: (e, v) => `${who(e.seat, v)} completed ${name(e.quest)}.`,
  LevelGained: (e, v) => `${who(e.seat, v)}'s hero reached level ${e.level}.`,
  CardTaken: (e, v) => `${who(e.seat, v)} took ${name(e.card)} from the ${e.from === 'deck' ? 'deck' : 'discard pile'}.`,
  HeroDefeated: (e, v) =>
    `${who(e.seat, v)}'s hero fell${e.fate === 'out' ? ' and is out' : e.fate === 'force' ? ' and plays on as a Malevolent Force' : '; a new hero follows'}.`,
  PlayerConceded: (e, v) => `${who(e.seat, v)} conceded.`,
  HeroRespawned: (e, v) => `${who(e.seat, v)} drew a new hero, ${name(e.hero)}.`,
  TurnEnded: (e, v) => `${who(e.seat, v)}'s turn ended.`,
  GameWon: (e, v) =>
    e.winners.length === 0
      ? 'The game is over with no winner.'
      : `${e.winners.map((s) => who(s, v)).join(' and ')} won (${e.how.replace('-', ' ')}).`,
};

/** One short sentence for a Dungeoneer event the viewer was given. */
export function describe(event: DungeoneerEvent, viewer: Viewer): string {
  const text = (PHRASES[event.type] as (e: DungeoneerEvent, v: Viewer) => string)(event, viewer);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
