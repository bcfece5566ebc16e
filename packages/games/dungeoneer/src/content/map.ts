// The starter set's 22 Map cards as data: the Dungeon Entrance, 12 passages and 9 rooms (original to Delve).
import type { Check, Exit, MapCard } from './schema';

const O: Exit = { kind: 'open' };
const W: Exit = { kind: 'wall' };
const L = (stat: Check['stat'], target: number): Exit => ({ kind: 'locked', check: { stat, target } });
const T = (stat: Check['stat'], target: number): Exit => ({ kind: 'trapped', check: { stat, target } });

/** The id of the Dungeon Entrance. */
export const ENTRANCE = 'entrance';

/** Every Map card; exits are as printed (rotation 0), north first. */
export const MAP_CARDS: readonly MapCard[] = [
  { id: ENTRANCE, name: 'Dungeon Entrance', kind: 'entrance', exits: { N: O, E: O, S: O, W: O }, glory: 1, peril: 1 },
  // Passages
  { id: 'dripping-crossway', name: 'Dripping Crossway', kind: 'passage', exits: { N: O, E: O, S: O, W: O }, glory: 0, peril: 1 },
  { id: 'crooked-bend', name: 'Crooked Bend', kind: 'passage', exits: { N: O, E: O, S: W, W: W }, glory: 1, peril: 0 },
  { id: 'narrow-fork', name: 'Narrow Fork', kind: 'passage', exits: { N: O, E: O, S: O, W: W }, glory: 0, peril: 0 },
  { id: 'sooty-hall', name: 'Sooty Hall', kind: 'passage', exits: { N: O, E: W, S: T('speed', 3), W: O }, glory: 1, peril: 1 },
  { id: 'rat-run', name: 'Rat Run', kind: 'passage', exits: { N: L('melee', 4), E: O, S: O, W: O }, glory: 0, peril: 1 },
  {
    id: 'echoing-stair',
    name: 'Echoing Stair',
    kind: 'passage',
    exits: { N: O, E: O, S: O, W: L('magic', 3) },
    glory: 0,
    peril: 1,
    feature: { kind: 'hazard', modifier: 1 },
  },
  { id: 'mossy-passage', name: 'Mossy Passage', kind: 'passage', exits: { N: W, E: O, S: O, W: O }, glory: 1, peril: 0 },
  { id: 'split-corridor', name: 'Split Corridor', kind: 'passage', exits: { N: O, E: T('speed', 4), S: O, W: O }, glory: 0, peril: 1 },
  {
    id: 'low-tunnel',
    name: 'Low Tunnel',
    kind: 'passage',
    exits: { N: O, E: O, S: W, W: O },
    glory: 0,
    peril: 1,
    feature: { kind: 'spikes', check: { stat: 'speed', target: 3 } },
  },
  { id: 'buttressed-way', name: 'Buttressed Way', kind: 'passage', exits: { N: O, E: W, S: O, W: O }, glory: 1, peril: 0 },
  { id: 'cobweb-passage', name: 'Cobweb Passage', kind: 'passage', exits: { N: O, E: O, S: L('melee', 3), W: O }, glory: 0, peril: 0 },
  { id: 'broken-arch', name: 'Broken Arch', kind: 'passage', exits: { N: W, E: O, S: O, W: W }, glory: 1, peril: 1 },
  // Rooms
  { id: 'forgotten-shrine', name: 'Forgotten Shrine', kind: 'room', exits: { N: W, E: O, S: O, W: W }, glory: 2, peril: 1 },
  {
    id: 'sunken-vault',
    name: 'Sunken Vault',
    kind: 'room',
    exits: { N: W, E: L('melee', 4), S: O, W: W },
    glory: 2,
    peril: 2,
    feature: { kind: 'hazard', modifier: 1 },
  },
  {
    id: 'bone-pit',
    name: 'Bone Pit',
    kind: 'room',
    exits: { N: O, E: W, S: O, W: W },
    glory: 1,
    peril: 2,
    feature: { kind: 'pit', check: { stat: 'speed', target: 4 } },
  },
  {
    id: 'hall-of-thorns',
    name: 'Hall of Thorns',
    kind: 'room',
    exits: { N: O, E: O, S: O, W: W },
    glory: 2,
    peril: 2,
    feature: { kind: 'spikes', check: { stat: 'speed', target: 4 } },
  },
  { id: 'mirror-room', name: 'Mirror Room', kind: 'room', exits: { N: W, E: W, S: O, W: O }, glory: 2, peril: 1 },
  {
    id: 'flooded-crypt',
    name: 'Flooded Crypt',
    kind: 'room',
    exits: { N: O, E: O, S: W, W: T('magic', 4) },
    glory: 1,
    peril: 2,
    feature: { kind: 'hazard', modifier: 2 },
  },
  { id: 'idol-chamber', name: 'Idol Chamber', kind: 'room', exits: { N: W, E: W, S: O, W: W }, glory: 3, peril: 2 },
  { id: 'ember-forge', name: 'Ember Forge', kind: 'room', exits: { N: O, E: W, S: O, W: O }, glory: 2, peril: 2 },
  { id: 'scroll-library', name: 'Scroll Library', kind: 'room', exits: { N: W, E: O, S: L('magic', 4), W: O }, glory: 2, peril: 1 },
];
