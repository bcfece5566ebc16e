// Baldur's Gate Wilderness: nineteen rooms in rows of 1-3-2-3-2-3-2-3, three bottommost rooms, 72 paths of eight rooms.
import type { Dungeon } from '../schema';

/**
 * Baldur's Gate Wilderness, an oversized paper dungeon printed for the 2024 Battle for Baldur's Gate events. No
 * official text for its arrows was found: the structure is the one most public hobby sources agree on, community-
 * sourced (see docs/rulings/venture.md, rulings 20 and 21). A table opts into it with the `baldursGateWilderness` option.
 */
export const baldursGateWilderness: Dungeon = {
  id: 'baldurs-gate-wilderness',
  name: 'Baldur’s Gate Wilderness',
  onlyByVentureIntoUndercity: false,
  optIn: true,
  rooms: [
    {
      id: 'crash-landing',
      name: 'Crash Landing',
      effects: [{ kind: 'prompt', text: 'find a basic land in your library, show it and take it into your hand; shuffle' }],
      next: ['goblin-camp', 'emerald-grove', 'aunties-teahouse'],
    },
    { id: 'goblin-camp', name: 'Goblin Camp', effects: [{ kind: 'create-token', token: 'treasure', count: 1 }], next: ['defiled-temple'] },
    {
      id: 'emerald-grove',
      name: 'Emerald Grove',
      effects: [{ kind: 'create-token', token: 'knight', count: 1 }],
      next: ['defiled-temple', 'mountain-pass'],
    },
    { id: 'aunties-teahouse', name: 'Auntie’s Teahouse', effects: [{ kind: 'scry', count: 3 }], next: ['mountain-pass'] },
    {
      id: 'defiled-temple',
      name: 'Defiled Temple',
      effects: [
        { kind: 'may-sacrifice', anyOf: ['artifact', 'creature', 'land'] },
        { kind: 'prompt', text: 'if a permanent was sacrificed this way, draw one card' },
      ],
      next: ['ebonlake-grotto', 'grymforge'],
    },
    {
      id: 'mountain-pass',
      name: 'Mountain Pass',
      effects: [{ kind: 'prompt', text: 'you may play a land card from your hand onto the battlefield' }],
      next: ['grymforge', 'githyanki-creche'],
    },
    {
      id: 'ebonlake-grotto',
      name: 'Ebonlake Grotto',
      effects: [{ kind: 'create-token', token: 'faerie-dragon', count: 2 }],
      next: ['last-light-inn'],
    },
    {
      id: 'grymforge',
      name: 'Grymforge',
      effects: [{ kind: 'prompt', text: 'goad at most one creature of each opponent, chosen as targets' }],
      next: ['last-light-inn', 'reithwin-tollhouse'],
    },
    {
      id: 'githyanki-creche',
      name: 'Githyanki Crèche',
      effects: [{ kind: 'distribute-counters', among: 'creatures-you-control', counter: '+1/+1', count: 3, maxTargets: 3 }],
      next: ['reithwin-tollhouse'],
    },
    {
      id: 'last-light-inn',
      name: 'Last Light Inn',
      effects: [{ kind: 'draw', count: 2 }],
      next: ['moonrise-towers', 'gauntlet-of-shar'],
    },
    {
      id: 'reithwin-tollhouse',
      name: 'Reithwin Tollhouse',
      effects: [{ kind: 'roll-tokens', token: 'treasure', dice: 2, sides: 4 }],
      next: ['gauntlet-of-shar', 'balthazars-lab'],
    },
    {
      id: 'moonrise-towers',
      name: 'Moonrise Towers',
      effects: [{ kind: 'prompt', text: 'for the rest of the turn your instants and sorceries cost three generic mana less' }],
      next: ['circus-of-the-last-days'],
    },
    {
      id: 'gauntlet-of-shar',
      name: 'Gauntlet of Shar',
      effects: [{ kind: 'life', who: 'each-opponent', amount: -5 }],
      next: ['circus-of-the-last-days', 'undercity-ruins'],
    },
    {
      id: 'balthazars-lab',
      name: 'Balthazar’s Lab',
      effects: [{ kind: 'prompt', text: 'up to two creature cards in your graveyard, chosen as targets, go back to your hand' }],
      next: ['undercity-ruins'],
    },
    {
      id: 'circus-of-the-last-days',
      name: 'Circus of the Last Days',
      effects: [{ kind: 'prompt', text: 'make a token copy of one of your commanders that is not legendary (not tracked here)' }],
      next: ['steel-watch-foundry', 'ansurs-sanctum'],
    },
    {
      id: 'undercity-ruins',
      name: 'Undercity Ruins',
      effects: [{ kind: 'create-token', token: 'skeleton-menace', count: 3 }],
      next: ['ansurs-sanctum', 'temple-of-bhaal'],
    },
    {
      id: 'steel-watch-foundry',
      name: 'Steel Watch Foundry',
      effects: [{ kind: 'prompt', text: 'take an emblem: your creatures get +2/+2 and trample for the rest of the game' }],
      next: [],
    },
    { id: 'ansurs-sanctum', name: 'Ansur’s Sanctum', effects: [{ kind: 'reveal-life-loss', cards: 4, who: 'each-opponent' }], next: [] },
    {
      id: 'temple-of-bhaal',
      name: 'Temple of Bhaal',
      effects: [
        {
          kind: 'prompt',
          text: 'until end of turn your opponents’ creatures get -5/-5; their controllers remove tracked tokens that die',
        },
      ],
      next: [],
    },
  ],
};
