// setup: the deal — initiative, heroes, quests, the starting map and the hands, for the standard game, the optional
// rules that change it (Revealed Map, Secret Quest) and campaign adventures; every roll and shuffle in the events.
import type { Random, Seat, Seating } from '@delve/kernel';
import { adventureIds, ENTRANCE, STARTER, type AdventureCard, type TreasureCard } from './content/index';
import type { DungeoneerEvent } from './events';
import type { ResolvedOptions } from './options';
import { draw, HAND_SIZE, openPrompt } from './rules/steps';
import { proceed } from './rules/flow';
import { DIRECTIONS, exitOf, opposite, stepFrom } from './rules/map';
import { design, heroDesign, mapDesign, questDesign } from './rules/table';
import { die, Tx } from './rules/tx';
import type { DungeoneerState, Placed } from './state';
import { heroSetup, type HeroProfile } from './rules/stats';

/** The cards of one game: the Adventure deck (a campaign's Glory deck), the Peril deck, Map cards, quests and heroes. */
export interface GameCards {
  readonly adventure: readonly string[];
  readonly peril: readonly string[];
  readonly maps: readonly string[];
  readonly quests: readonly string[];
  readonly heroes: readonly string[];
}

const perilous = (d: AdventureCard): boolean => d.kind === 'bane' || d.kind === 'monster' || d.kind === 'threat';

/**
 * The cards the options put in play. Standard: the starter set. CAMPAIGN ADVENTURES, Set-Up: its Adventure deck split
 * into a Peril deck (Banes and Encounters) and a Glory deck (Boons and Treasures); with hand-built Multiple-Set decks,
 * exactly those cards (copies numbered across the combined sets), their Map cards with the entrance, and their quests.
 */
export function gameCards(options: DungeoneerState['options'] | ResolvedOptions): GameCards {
  const all = adventureIds(STARTER);
  const decks = options.campaign?.decks;
  if (!options.campaign) {
    return { adventure: all, peril: [], maps: STARTER.map.map((m) => m.id), quests: STARTER.quests.map((q) => q.id), heroes: heroIds() };
  }
  if (!decks) {
    return {
      adventure: all.filter((id) => !perilous(design(id))),
      peril: all.filter((id) => perilous(design(id))),
      maps: STARTER.map.map((m) => m.id),
      quests: STARTER.quests.map((q) => q.id),
      heroes: heroIds(),
    };
  }
  const copies = (lines: readonly { card: string; copies: number }[]) =>
    lines.flatMap((l) => Array.from({ length: l.copies }, (_, i) => `${l.card}-${i + 1}`));
  return {
    adventure: copies(decks.glory.cards),
    peril: copies(decks.peril.cards),
    maps: [ENTRANCE, ...decks.peril.maps],
    quests: [...decks.peril.quests],
    heroes: [...decks.glory.heroes],
  };
}

const heroIds = (): string[] => STARTER.heroes.map((h) => h.id);

/** Set-Up, Roll Initiative: everyone rolls a die; the highest goes first; tied players roll again. */
function rollInitiative(tx: Tx, random: Random, seats: number): Seat {
  let contenders = Array.from({ length: seats }, (_, seat) => seat);
  for (;;) {
    const rolls = contenders.map((seat) => ({ seat, roll: die(random) }));
    tx.emit({ type: 'InitiativeRolled', rolls });
    const best = Math.max(...rolls.map((r) => r.roll));
    contenders = rolls.filter((r) => r.roll === best).map((r) => r.seat);
    if (contenders.length === 1 && contenders[0] !== undefined) return contenders[0];
  }
}

/**
 * Set-Up, Start Map: the Dungeon Entrance at (0,0) and one random passage on each side, each turned so that it opens
 * onto the entrance (ruling: printed way up when that connects, else end over end).
 */
function startMap(random: Random, maps: readonly string[]): { placed: Placed[]; rest: string[] } {
  const entrance: Placed = { card: ENTRANCE, x: 0, y: 0, rotation: 0 };
  const passages = random.shuffle(maps.filter((id) => mapDesign(id).kind === 'passage'));
  const placed: Placed[] = [entrance];
  for (const [i, side] of DIRECTIONS.entries()) {
    const card = passages[i] as string;
    const at = stepFrom(entrance, side);
    const upright: Placed = { card, x: at.x, y: at.y, rotation: 0 };
    placed.push(exitOf(upright, opposite(side)).kind === 'wall' ? { ...upright, rotation: 180 } : upright);
  }
  const used = new Set(placed.map((p) => p.card));
  return { placed, rest: maps.filter((id) => !used.has(id)) };
}

/**
 * OPTIONAL ADVANCED RULES, Revealed Map: the whole Map deck is dealt face down, one card at a time around the table;
 * each player passes the Map cards its personal quests need to the player on its left (all at once, ruling); whoever
 * then holds the Dungeon Entrance wins initiative and sets it in the centre.
 */
function revealedMap(tx: Tx, random: Random, maps: readonly string[]): Seat {
  const seats = tx.state.seats;
  const order = random.shuffle(maps);
  tx.emit({ type: 'MapDeckShuffled', order });
  const hands = Array.from({ length: seats }, (_, seat) => ({ seat, cards: order.filter((_, i) => i % seats === seat) }));
  tx.emit({ type: 'MapCardsDealt', hands });
  const passes = hands
    .map(({ seat, cards }) => {
      const p = tx.state.players[seat];
      const needed = new Set(
        [...(p?.quests ?? []), ...(p?.secretQuests ?? [])].flatMap((q) => [questDesign(q).space, questDesign(q).from ?? '']),
      );
      return { from: seat, to: (seat + 1) % seats, cards: cards.filter((c) => needed.has(c)) };
    })
    .filter((x) => x.cards.length > 0);
  if (passes.length > 0) tx.emit({ type: 'MapCardsPassed', passes });
  const holder = tx.state.players.find((p) => p.mapHand.includes(ENTRANCE))?.seat ?? 0;
  tx.emit({ type: 'InitiativeWon', seat: holder });
  tx.emit({ type: 'MapPlaced', seat: holder, card: ENTRANCE, x: 0, y: 0, rotation: 0 });
  return holder;
}

/** The heroes the seats play: a seated character's own hero when it is free in this game, else one at random. */
function assignHeroes(random: Random, pool: readonly string[], seats: readonly Seat[], profiles: readonly (HeroProfile | null)[]) {
  const named = new Map<Seat, string>();
  for (const seat of seats) {
    const wanted = profiles[seat]?.hero;
    if (wanted !== undefined && pool.includes(wanted) && ![...named.values()].includes(wanted)) named.set(seat, wanted);
  }
  const shuffled = random.shuffle(pool.filter((h) => ![...named.values()].includes(h)));
  const heroes = seats.map((seat) => ({
    seat,
    ...heroSetup(heroDesign(named.get(seat) ?? (shuffled.shift() as string)), profiles[seat] ?? null),
  }));
  return { heroes, rest: shuffled };
}

/**
 * Delve's campaign extension: a character's carried Treasures start readied — the first copies of those designs in
 * the shuffled Glory deck, as far as the hero's Treasure slots and the one-per-category rule allow.
 */
function carryTreasures(tx: Tx, seat: Seat, designs: readonly string[]): void {
  const hero = tx.state.players[seat]?.hero;
  if (!hero) return;
  const slots = heroDesign(hero.id).levels[hero.level - 1]?.treasures ?? 0;
  const taken: string[] = [];
  const categories = new Set<string>();
  for (const wanted of designs) {
    const card = tx.state.deck.find((id) => id.slice(0, id.lastIndexOf('-')) === wanted && !taken.includes(id));
    const d = card === undefined ? undefined : (design(card) as TreasureCard);
    if (!card || d?.kind !== 'treasure' || categories.has(d.category) || taken.length >= slots + d.slots) continue;
    taken.push(card);
    categories.add(d.category);
  }
  if (taken.length > 0) tx.emit({ type: 'TreasuresCarried', seat, cards: taken });
}

/**
 * Set-Up, every step in the rule text's order, as the options change it; then play goes on by itself to the first
 * choice (a secret quest, a Revealed Map card to lay, or the first turn's).
 */
export function setup(state: DungeoneerState, random: Random, seating: Seating = []): DungeoneerEvent[] {
  const o = state.options;
  const campaign = o.campaign;
  const cards = gameCards(o);
  // A seated character brings its hero; its level and Treasures only when a campaign carries them.
  const profiles = seating.map((s): HeroProfile | null => {
    const p = s ? (s.profile as HeroProfile | null) : null;
    if (!p) return null;
    const { level, treasures: _carried, ...rest } = p;
    return { ...rest, ...(campaign?.carry.level && level !== undefined && { level }) };
  });
  const tx = new Tx(state);
  const seats = state.seats;
  const dungeonlord = campaign?.dungeonlord ?? null;
  const heroSeats = Array.from({ length: seats }, (_, seat) => seat).filter((seat) => seat !== dungeonlord);

  // CAMPAIGN ADVENTURES, Turn Cycle: the Dungeonlord has initiative; Revealed Map: the Dungeon Entrance decides it.
  if (dungeonlord !== null) tx.emit({ type: 'InitiativeWon', seat: dungeonlord });
  else if (!o.revealedMap) tx.emit({ type: 'InitiativeWon', seat: rollInitiative(tx, random, seats) });

  const { heroes, rest } = assignHeroes(random, cards.heroes, heroSeats, profiles);
  const entrance = mapDesign(ENTRANCE);
  tx.emit({ type: 'HeroesAssigned', heroes, pool: rest, glory: entrance.glory, peril: entrance.peril });

  // Assign Quests: two each (face down with Secret Quest); in a campaign one Secret Quest each and two Global Quests.
  const quests = random.shuffle(cards.quests);
  const each = campaign ? 1 : 2;
  tx.emit({ type: 'QuestDeckShuffled', order: quests });
  tx.emit({ type: 'QuestsDealt', quests: heroSeats.map((seat, i) => ({ seat, cards: quests.slice(i * each, i * each + each) })) });
  for (let g = 0; g < (campaign ? 2 : 1); g++) {
    const global = quests[heroSeats.length * each + g];
    if (global !== undefined) tx.emit({ type: 'GlobalQuestRevealed', quest: global });
  }

  if (o.revealedMap) revealedMap(tx, random, cards.maps);
  else if (campaign) {
    // The Dungeonlord places the Dungeon Entrance alone; its Build steps grow the map from there.
    tx.emit({ type: 'MapStarted', placed: [{ card: ENTRANCE, x: 0, y: 0, rotation: 0 }] });
    tx.emit({ type: 'MapDeckShuffled', order: random.shuffle(cards.maps.filter((id) => id !== ENTRANCE)) });
  } else {
    const { placed, rest: maps } = startMap(random, cards.maps);
    tx.emit({ type: 'MapStarted', placed });
    tx.emit({ type: 'MapDeckShuffled', order: random.shuffle(maps) });
  }

  tx.emit({ type: 'AdventureDeckShuffled', reason: 'setup', order: random.shuffle(cards.adventure) });
  if (campaign) tx.emit({ type: 'AdventureDeckShuffled', reason: 'setup', order: random.shuffle(cards.peril), deck: 'peril' });
  if (campaign?.carry.treasures)
    for (const seat of heroSeats) {
      const carried = (seating[seat]?.profile as HeroProfile | null | undefined)?.treasures;
      if (carried && carried.length > 0) carryTreasures(tx, seat, carried);
    }
  // Draw Adventure Cards: five each; in a campaign one Glory card per hero and 5 + 1 per hero for the Dungeonlord.
  for (const seat of heroSeats) draw(tx, random, seat, campaign ? 1 : HAND_SIZE);
  if (dungeonlord !== null) draw(tx, random, dungeonlord, HAND_SIZE + heroSeats.length);

  if (o.secretQuest && !campaign) openPrompt(tx, { kind: 'secret-quest', seats: heroSeats });
  proceed(tx, random);
  return tx.events;
}
