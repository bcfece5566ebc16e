// The venture module's content as a client shows it: the dungeons it ships, their rooms (names are flavour, 309.4b;
// abilities in our own notation) and the tokens rooms make.
import type { ContentItem } from '@delve/kernel';
import { allPaths, DUNGEON_IDS, DUNGEONS, isBottommost } from './index';
import type { Effect, PermanentType } from './schema';
import { TOKENS } from './tokens';

const WHO = { you: 'you', 'each-opponent': 'every opponent', 'each-player': 'every player', 'target-player': 'a target player' } as const;
const SIDES: Readonly<Record<number, string>> = { 4: 'four', 6: 'six', 8: 'eight', 10: 'ten', 12: 'twelve', 20: 'twenty' };
const oneOf = (types: readonly PermanentType[]) => types.join(' or ');
const cards = (n: number) => `${n} card${n === 1 ? '' : 's'}`;

/** One effect of a room ability in our own notation. */
function effectText(e: Effect): string {
  switch (e.kind) {
    case 'life':
      return `life ${e.amount > 0 ? '+' : '−'}${Math.abs(e.amount)} for ${WHO[e.who]}`;
    case 'create-token':
      return `${e.count} ${TOKENS[e.token].name} token${e.count === 1 ? '' : 's'} for you`;
    case 'roll-tokens':
      return `roll ${e.dice} ${SIDES[e.sides] ?? e.sides}-sided ${e.dice === 1 ? 'die' : 'dice'}: that many ${TOKENS[e.token].name} tokens for you`;
    case 'counters':
      return `${e.count} ${e.counter} counter${e.count === 1 ? '' : 's'} on a target creature`;
    case 'distribute-counters':
      return `${e.count} ${e.counter} counters split among up to ${e.maxTargets} of your creatures`;
    case 'scry':
      return `scry ${e.count}`;
    case 'draw':
      return `you draw ${cards(e.count)}`;
    case 'discard':
      return `you discard ${cards(e.count)}`;
    case 'sacrifice':
      return `you sacrifice one each of: ${e.each.join(', ')}`;
    case 'may-sacrifice':
      return `you may sacrifice one ${oneOf(e.anyOf)}`;
    case 'unless':
      return `every player either ${e.cost.kind === 'discard' ? `discards ${cards(e.cost.count)}` : `sacrifices one ${oneOf(e.cost.anyOf)}`} or loses ${e.lifeLoss} life`;
    case 'reveal-life-loss':
      return `the top ${cards(e.cards)} of your library go to your hand, shown: every opponent loses life equal to their total mana value`;
    case 'prompt':
      return e.text;
  }
}

/** Every dungeon, room and token the module ships, as content items. */
export const content: readonly ContentItem[] = [
  ...DUNGEON_IDS.flatMap((id): ContentItem[] => {
    const d = DUNGEONS[id];
    const bottom = d.rooms.filter((r) => isBottommost(id, r.id));
    const entry = d.onlyByVentureIntoUndercity
      ? 'Entered only by venturing into Undercity (the initiative).'
      : d.optIn
        ? 'Offered only at tables that opt into it.'
        : 'Offered to every plain venture.';
    return [
      {
        id,
        name: d.name,
        type: 'dungeon',
        rarity: null,
        text: `${d.rooms.length} rooms from ${d.rooms[0]?.name ?? ''} down to ${bottom.map((r) => r.name).join(' or ')}. ${entry}`,
        stats: {
          rooms: d.rooms.length,
          paths: allPaths(id).length,
          bottommostRooms: bottom.length,
          onlyByVentureIntoUndercity: d.onlyByVentureIntoUndercity,
          optIn: d.optIn,
        },
      },
      ...d.rooms.map((room): ContentItem => ({
        id: `${id}/${room.id}`,
        name: room.name,
        type: 'room',
        rarity: null,
        text: `${room.effects.map(effectText).join('; ')}.`,
        stats: { dungeon: id, next: room.next.join(', '), bottommost: room.next.length === 0 },
      })),
    ];
  }),
  ...Object.entries(TOKENS).map(([kind, token]): ContentItem => ({
    id: kind,
    name: token.name,
    type: 'token',
    rarity: null,
    text:
      `${token.legendary ? 'Legendary ' : ''}${[...token.colors, ...token.types].join(' ')} token` +
      `${token.subtypes.length > 0 ? ` (${token.subtypes.join(' ')})` : ''}` +
      `${token.power !== undefined ? ` ${token.power}/${token.toughness ?? 0}` : ''}` +
      `${token.keywords.length > 0 ? `; ${token.keywords.join(', ')}` : ''}.`,
    stats: { power: token.power ?? null, toughness: token.toughness ?? null, legendary: token.legendary },
  })),
];
