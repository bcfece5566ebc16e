// The deal: the raid's layout, every deck shuffled (the order recorded), and each raider's opening hand.
import type { Random, Seating } from '@delve/kernel';
import { classDef, dungeonDef } from './content/index';
import type { RaidEvent } from './events';
import { DIFFICULTY_RULES } from './options';
import { draw } from './rules/effects';
import { profileFromOptions, profileProblems, type RaiderProfile } from './rules/profile';
import { Tx } from './rules/tx';
import type { RaidState } from './state';

/**
 * §Dungeon Deck Rules, set-up: the Dungeon hero at its difficulty's level, the shuffled Dungeon deck, each raider's
 * hero and shuffled deck, and seven cards each (the profile's hand size). The mulligan follows. `profiles` (one per
 * seat) will come from the raiders' characters; without them each seat plays its class's starter deck.
 */
export function setup(state: RaidState, random: Random, seating?: Seating): RaidEvent[] {
  const tx = new Tx(state);
  const { level, first } = DIFFICULTY_RULES[state.options.difficulty];
  const raiders = state.raiders.map((r) => {
    // A seated character brings its own profile (its upgraded deck, hand size and health); others play the options' class.
    const profile = (seating?.[r.seat]?.profile as RaiderProfile | undefined) ?? profileFromOptions(state.options, r.seat);
    const problems = profileProblems(profile);
    if (problems.length > 0) throw new Error(`raid: bad profile for seat ${r.seat}: ${problems.join('; ')}`);
    return { seat: r.seat, profile };
  });
  tx.emit({
    type: 'RaidSetUp',
    dungeon: state.options.dungeon,
    difficulty: state.options.difficulty,
    level,
    first,
    raiders: raiders.map(({ seat, profile }) => {
      const hero = classDef(profile.classId).hero;
      return {
        seat,
        classId: profile.classId,
        hero: hero.id,
        heroHealth: hero.health + profile.heroHealthBonus,
        handSize: profile.handSize,
      };
    }),
  });
  const dungeonCards = dungeonDef(state.options.dungeon).deck.flatMap((e) => Array.from({ length: e.count }, () => e.card));
  tx.emit({ type: 'DeckBuilt', seat: null, cards: random.shuffle(dungeonCards).map((card, i) => ({ id: `d${i + 1}`, card })) });
  for (const { seat, profile } of raiders) {
    tx.emit({ type: 'DeckBuilt', seat, cards: random.shuffle(profile.deck).map((card, i) => ({ id: `r${seat}-${i + 1}`, card })) });
  }
  for (const { seat, profile } of raiders) draw(tx, seat, profile.handSize, 'deal');
  return tx.events;
}
