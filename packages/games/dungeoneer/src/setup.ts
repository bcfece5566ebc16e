// setup: the deal — initiative, heroes, quests, the starting map and five Adventure cards each, every roll and
// shuffle written into the events.
import type { Random, Seat, Seating } from '@delve/kernel';
import { adventureIds, ENTRANCE, STARTER, type HeroCard } from './content/index';
import type { DungeoneerEvent } from './events';
import { beginTurn, draw, HAND_SIZE, proceed } from './rules/flow';
import { DIRECTIONS, exitOf, opposite, stepFrom } from './rules/map';
import { mapDesign } from './rules/table';
import { die, Tx } from './rules/tx';
import type { DungeoneerState, Placed } from './state';

/**
 * What a seat brings to the table besides the cards: a character's hero, level and life (campaign play, a later
 * issue). Everything is optional; a standard game passes none.
 */
export interface HeroProfile {
  readonly hero?: string;
  readonly level?: number;
  readonly life?: number;
}

/** Set-Up, Assign Heroes: a hero starts at level 1 with 6 Life unless a character profile says otherwise. */
export function heroSetup(hero: HeroCard, profile: HeroProfile | null = null): { hero: string; level: number; life: number } {
  const level = Math.min(Math.max(1, profile?.level ?? 1), hero.levels.length);
  const life = Math.min(Math.max(1, profile?.life ?? 6), hero.maxLife);
  return { hero: hero.id, level, life };
}

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
function startMap(random: Random): { placed: Placed[]; rest: string[] } {
  const entrance: Placed = { card: ENTRANCE, x: 0, y: 0, rotation: 0 };
  const passages = random.shuffle(STARTER.map.filter((c) => c.kind === 'passage').map((c) => c.id));
  const placed: Placed[] = [entrance];
  for (const [i, side] of DIRECTIONS.entries()) {
    const card = passages[i] as string;
    const at = stepFrom(entrance, side);
    const upright: Placed = { card, x: at.x, y: at.y, rotation: 0 };
    placed.push(exitOf(upright, opposite(side)).kind === 'wall' ? { ...upright, rotation: 180 } : upright);
  }
  const used = new Set(placed.map((p) => p.card));
  return { placed, rest: STARTER.map.map((c) => c.id).filter((id) => !used.has(id)) };
}

/** Set-Up, every step in the rule text's order; then the first turn begins with its Reset Phase. */
export function setup(state: DungeoneerState, random: Random, seating: Seating = []): DungeoneerEvent[] {
  // A seated character brings its hero (and later its level and treasures); other seats draw a hero at random.
  const profiles = seating.map((s) => (s ? (s.profile as HeroProfile) : null));
  const tx = new Tx(state);
  const seats = state.seats;
  const first = rollInitiative(tx, random, seats);
  tx.emit({ type: 'InitiativeWon', seat: first });

  const wanted = profiles.map((p) => p?.hero).filter((h): h is string => h !== undefined);
  const shuffled = random.shuffle(STARTER.heroes.filter((h) => !wanted.includes(h.id)));
  const heroes = Array.from({ length: seats }, (_, seat) => {
    const named = STARTER.heroes.find((h) => h.id === profiles[seat]?.hero);
    const card = named ?? (shuffled.shift() as HeroCard);
    return { seat, ...heroSetup(card, profiles[seat] ?? null) };
  });
  const entrance = mapDesign(ENTRANCE);
  tx.emit({ type: 'HeroesAssigned', heroes, pool: shuffled.map((h) => h.id), glory: entrance.glory, peril: entrance.peril });

  const quests = random.shuffle(STARTER.quests.map((q) => q.id));
  tx.emit({ type: 'QuestDeckShuffled', order: quests });
  tx.emit({ type: 'QuestsDealt', quests: heroes.map(({ seat }) => ({ seat, cards: quests.slice(seat * 2, seat * 2 + 2) })) });
  tx.emit({ type: 'GlobalQuestRevealed', quest: quests[seats * 2] as string });

  const { placed, rest } = startMap(random);
  tx.emit({ type: 'MapStarted', placed });
  tx.emit({ type: 'MapDeckShuffled', order: random.shuffle(rest) });

  tx.emit({ type: 'AdventureDeckShuffled', reason: 'setup', order: random.shuffle(adventureIds(STARTER)) });
  for (const { seat } of heroes) draw(tx, random, seat, HAND_SIZE);

  beginTurn(tx, first);
  proceed(tx, random);
  return tx.events;
}
