// Dungeon of the Mad Mage: nine rooms, two independent two-way branches, four paths of seven rooms.
import type { Dungeon } from '../schema';

/** Dungeon of the Mad Mage. */
export const dungeonOfTheMadMage: Dungeon = {
  id: 'dungeon-of-the-mad-mage',
  name: 'Dungeon of the Mad Mage',
  onlyByVentureIntoUndercity: false,
  optIn: false,
  rooms: [
    { id: 'yawning-portal', name: 'Yawning Portal', effects: [{ kind: 'life', who: 'you', amount: 1 }], next: ['dungeon-level'] },
    { id: 'dungeon-level', name: 'Dungeon Level', effects: [{ kind: 'scry', count: 1 }], next: ['goblin-bazaar', 'twisted-caverns'] },
    { id: 'goblin-bazaar', name: 'Goblin Bazaar', effects: [{ kind: 'create-token', token: 'treasure', count: 1 }], next: ['lost-level'] },
    {
      id: 'twisted-caverns',
      name: 'Twisted Caverns',
      effects: [{ kind: 'prompt', text: 'a chosen creature may not attack until your next turn', target: 'target-creature' }],
      next: ['lost-level'],
    },
    { id: 'lost-level', name: 'Lost Level', effects: [{ kind: 'scry', count: 2 }], next: ['runestone-caverns', 'muirals-graveyard'] },
    {
      id: 'runestone-caverns',
      name: 'Runestone Caverns',
      effects: [{ kind: 'prompt', text: 'exile your two top library cards; you may play them' }],
      next: ['deep-mines'],
    },
    {
      id: 'muirals-graveyard',
      name: "Muiral's Graveyard",
      effects: [{ kind: 'create-token', token: 'skeleton', count: 2 }],
      next: ['deep-mines'],
    },
    { id: 'deep-mines', name: 'Deep Mines', effects: [{ kind: 'scry', count: 3 }], next: ['mad-wizards-lair'] },
    {
      id: 'mad-wizards-lair',
      name: "Mad Wizard's Lair",
      effects: [
        { kind: 'draw', count: 3 },
        { kind: 'prompt', text: 'show the three drawn cards; you may cast one of them for free' },
      ],
      next: [],
    },
  ],
};
