// The tokens rooms create, as data; the dungeon shapes themselves are declared in schema.ts.
import type { PermanentType, TokenKind } from './schema';

/** What a token is, in our own words (tokens are the only permanents the companion tracks). */
export interface TokenDefinition {
  readonly name: string;
  readonly types: readonly PermanentType[];
  readonly legendary: boolean;
  readonly subtypes: readonly string[];
  readonly colors: readonly string[];
  readonly power?: number;
  readonly toughness?: number;
  readonly keywords: readonly string[];
}

/** Every token kind the dungeons create. */
export const TOKENS: Readonly<Record<TokenKind, TokenDefinition>> = {
  treasure: {
    name: 'Treasure',
    types: ['artifact'],
    legendary: false,
    subtypes: ['Treasure'],
    colors: [],
    keywords: ['sacrifice for one mana of any color'],
  },
  goblin: {
    name: 'Goblin',
    types: ['creature'],
    legendary: false,
    subtypes: ['Goblin'],
    colors: ['red'],
    power: 1,
    toughness: 1,
    keywords: [],
  },
  skeleton: {
    name: 'Skeleton',
    types: ['creature'],
    legendary: false,
    subtypes: ['Skeleton'],
    colors: ['black'],
    power: 1,
    toughness: 1,
    keywords: [],
  },
  'skeleton-menace': {
    name: 'Skeleton',
    types: ['creature'],
    legendary: false,
    subtypes: ['Skeleton'],
    colors: ['black'],
    power: 4,
    toughness: 1,
    keywords: ['menace'],
  },
  knight: {
    name: 'Knight',
    types: ['creature'],
    legendary: false,
    subtypes: ['Knight'],
    colors: ['white'],
    power: 2,
    toughness: 2,
    keywords: [],
  },
  'faerie-dragon': {
    name: 'Faerie Dragon',
    types: ['creature'],
    legendary: false,
    subtypes: ['Faerie', 'Dragon'],
    colors: ['blue'],
    power: 1,
    toughness: 1,
    keywords: ['flying'],
  },
  'the-atropal': {
    name: 'The Atropal',
    types: ['creature'],
    legendary: true,
    subtypes: ['God', 'Horror'],
    colors: ['black'],
    power: 4,
    toughness: 4,
    keywords: ['deathtouch'],
  },
};
