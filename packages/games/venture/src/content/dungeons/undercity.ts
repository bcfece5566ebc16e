// Undercity: nine rooms, only enterable by "venture into Undercity" (the initiative's dungeon), six paths.
import type { Dungeon } from '../schema';

/** Undercity. Forge and Lost Well both lead to Arena; Arena leads to both Archives and Catacombs. */
export const undercity: Dungeon = {
  id: 'undercity',
  name: 'Undercity',
  onlyByVentureIntoUndercity: true,
  optIn: false,
  rooms: [
    {
      id: 'secret-entrance',
      name: 'Secret Entrance',
      effects: [{ kind: 'prompt', text: 'fetch a basic land from your library to your hand (shown), then shuffle' }],
      next: ['forge', 'lost-well'],
    },
    {
      id: 'forge',
      name: 'Forge',
      effects: [{ kind: 'counters', target: 'target-creature', counter: '+1/+1', count: 2 }],
      next: ['trap', 'arena'],
    },
    { id: 'lost-well', name: 'Lost Well', effects: [{ kind: 'scry', count: 2 }], next: ['arena', 'stash'] },
    { id: 'trap', name: 'Trap!', effects: [{ kind: 'life', who: 'target-player', amount: -5 }], next: ['archives'] },
    {
      id: 'arena',
      name: 'Arena',
      effects: [{ kind: 'prompt', text: 'goad a chosen creature', target: 'target-creature' }],
      next: ['archives', 'catacombs'],
    },
    { id: 'stash', name: 'Stash', effects: [{ kind: 'create-token', token: 'treasure', count: 1 }], next: ['catacombs'] },
    { id: 'archives', name: 'Archives', effects: [{ kind: 'draw', count: 1 }], next: ['throne-of-the-dead-three'] },
    {
      id: 'catacombs',
      name: 'Catacombs',
      effects: [{ kind: 'create-token', token: 'skeleton-menace', count: 1 }],
      next: ['throne-of-the-dead-three'],
    },
    {
      id: 'throne-of-the-dead-three',
      name: 'Throne of the Dead Three',
      effects: [
        {
          kind: 'prompt',
          text: 'look at and show your ten top library cards; a creature among them enters with three +1/+1 counters and hexproof until your next turn; shuffle',
        },
      ],
      next: [],
    },
  ],
};
