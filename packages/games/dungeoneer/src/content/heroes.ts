// The starter set's 6 heroes as data: scores and limits by level and a special ability each (original to Delve).
import type { HeroCard } from './schema';

const lv = (melee: number, magic: number, speed: number, boons: number, treasures: number) => ({ melee, magic, speed, boons, treasures });

/** Every hero card. */
export const HERO_CARDS: readonly HeroCard[] = [
  {
    id: 'brannoc',
    name: 'Brannoc Hedgeward',
    text: 'A hedge-knight who never learned when to retreat.',
    maxLife: 6,
    levels: [lv(3, 1, 2, 1, 3), lv(3, 1, 3, 1, 3), lv(4, 2, 3, 2, 4), lv(5, 2, 3, 2, 4)],
    ability: {
      name: 'Set Shoulders',
      text: 'Once per turn, pay 1 Glory: +2 melee until the end of the turn.',
      glory: 1,
      movement: 0,
      oncePerTurn: true,
      consume: false,
      effects: [{ boost: { stat: 'melee', amount: 2 } }],
    },
  },
  {
    id: 'ysolde',
    name: 'Ysolde Quillfire',
    text: 'A runaway scribe who reads spells off the walls.',
    maxLife: 6,
    levels: [lv(1, 3, 2, 3, 1), lv(1, 4, 2, 3, 2), lv(2, 4, 3, 4, 2), lv(2, 5, 3, 4, 3)],
    ability: {
      name: 'Ink Sigil',
      text: 'Once per turn, pay 1 Glory: +2 magic until the end of the turn.',
      glory: 1,
      movement: 0,
      oncePerTurn: true,
      consume: false,
      effects: [{ boost: { stat: 'magic', amount: 2 } }],
    },
  },
  {
    id: 'tamsin',
    name: 'Tamsin Ravelwick',
    text: 'A locksmith’s daughter with quick feet and quicker hands.',
    maxLife: 6,
    levels: [lv(2, 1, 3, 2, 2), lv(2, 2, 3, 2, 3), lv(3, 2, 4, 2, 3), lv(3, 3, 4, 3, 3)],
    ability: {
      name: 'Second Breath',
      text: 'Once per turn, pay 2 Glory: gain 1 Movement.',
      glory: 2,
      movement: 0,
      oncePerTurn: true,
      consume: false,
      effects: [{ movement: 1 }],
    },
  },
  {
    id: 'oskar',
    name: 'Oskar Greymantle',
    text: 'A lay brother who patches up anyone, for a price.',
    maxLife: 6,
    levels: [lv(2, 2, 2, 2, 2), lv(2, 3, 2, 3, 2), lv(3, 3, 3, 3, 2), lv(3, 4, 3, 3, 3)],
    ability: {
      name: 'Field Dressing',
      text: 'Once per turn, pay 2 Glory: recover 1 Life.',
      glory: 2,
      movement: 0,
      oncePerTurn: true,
      consume: false,
      effects: [{ heal: 1 }],
    },
  },
  {
    id: 'mirela',
    name: 'Mirela of the Lamps',
    text: 'A lamplighter who knows every draught in the deep.',
    maxLife: 6,
    levels: [lv(2, 2, 3, 2, 2), lv(2, 3, 3, 2, 2), lv(3, 3, 3, 3, 3), lv(3, 3, 4, 3, 3)],
    ability: {
      name: 'Trim the Wick',
      text: 'Once per turn, pay 1 Glory: draw a card.',
      glory: 1,
      movement: 0,
      oncePerTurn: true,
      consume: false,
      effects: [{ draw: 1 }],
    },
  },
  {
    id: 'dunstan',
    name: 'Dunstan Coalhand',
    text: 'A stubborn miner who came down for the ore and stayed for the treasure.',
    maxLife: 6,
    levels: [lv(3, 1, 2, 1, 3), lv(4, 1, 2, 1, 3), lv(4, 2, 2, 2, 4), lv(5, 2, 3, 2, 4)],
    ability: {
      name: 'Prospector',
      text: 'Once per turn, spend 1 Movement: gain 2 Glory.',
      glory: 0,
      movement: 1,
      oncePerTurn: true,
      consume: false,
      effects: [{ glory: 2 }],
    },
  },
];
