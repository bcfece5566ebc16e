// Lost Mine of Phandelver: seven rooms in a diamond, four paths of four rooms each.
import type { Dungeon } from '../schema';

/** Lost Mine of Phandelver. Dark Pool is reachable from both second-level rooms. */
export const lostMineOfPhandelver: Dungeon = {
  id: 'lost-mine-of-phandelver',
  name: 'Lost Mine of Phandelver',
  onlyByVentureIntoUndercity: false,
  optIn: false,
  rooms: [
    { id: 'cave-entrance', name: 'Cave Entrance', effects: [{ kind: 'scry', count: 1 }], next: ['goblin-lair', 'mine-tunnels'] },
    {
      id: 'goblin-lair',
      name: 'Goblin Lair',
      effects: [{ kind: 'create-token', token: 'goblin', count: 1 }],
      next: ['storeroom', 'dark-pool'],
    },
    {
      id: 'mine-tunnels',
      name: 'Mine Tunnels',
      effects: [{ kind: 'create-token', token: 'treasure', count: 1 }],
      next: ['dark-pool', 'fungi-cavern'],
    },
    {
      id: 'storeroom',
      name: 'Storeroom',
      effects: [{ kind: 'counters', target: 'target-creature', counter: '+1/+1', count: 1 }],
      next: ['temple-of-dumathoin'],
    },
    {
      id: 'dark-pool',
      name: 'Dark Pool',
      effects: [
        { kind: 'life', who: 'each-opponent', amount: -1 },
        { kind: 'life', who: 'you', amount: 1 },
      ],
      next: ['temple-of-dumathoin'],
    },
    {
      id: 'fungi-cavern',
      name: 'Fungi Cavern',
      effects: [{ kind: 'prompt', text: 'a chosen creature has 4 less power until your next turn', target: 'target-creature' }],
      next: ['temple-of-dumathoin'],
    },
    { id: 'temple-of-dumathoin', name: 'Temple of Dumathoin', effects: [{ kind: 'draw', count: 1 }], next: [] },
  ],
};
