// Tomb of Annihilation: five rooms, a short harsh branch (Oubliette) and a longer one.
import type { Dungeon } from '../schema';

/** Tomb of Annihilation. Paths: entry → veils → sandfall → cradle, or entry → oubliette → cradle. */
export const tombOfAnnihilation: Dungeon = {
  id: 'tomb-of-annihilation',
  name: 'Tomb of Annihilation',
  onlyByVentureIntoUndercity: false,
  optIn: false,
  rooms: [
    {
      id: 'trapped-entry',
      name: 'Trapped Entry',
      effects: [{ kind: 'life', who: 'each-player', amount: -1 }],
      next: ['veils-of-fear', 'oubliette'],
    },
    {
      id: 'veils-of-fear',
      name: 'Veils of Fear',
      effects: [{ kind: 'unless', who: 'each-player', cost: { kind: 'discard', count: 1 }, lifeLoss: 2 }],
      next: ['sandfall-cell'],
    },
    {
      id: 'sandfall-cell',
      name: 'Sandfall Cell',
      effects: [{ kind: 'unless', who: 'each-player', cost: { kind: 'sacrifice', anyOf: ['artifact', 'creature', 'land'] }, lifeLoss: 2 }],
      next: ['cradle-of-the-death-god'],
    },
    {
      id: 'oubliette',
      name: 'Oubliette',
      effects: [
        { kind: 'discard', count: 1 },
        { kind: 'sacrifice', each: ['artifact', 'creature', 'land'] },
      ],
      next: ['cradle-of-the-death-god'],
    },
    {
      id: 'cradle-of-the-death-god',
      name: 'Cradle of the Death God',
      effects: [{ kind: 'create-token', token: 'the-atropal', count: 1 }],
      next: [],
    },
  ],
};
