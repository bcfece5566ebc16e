// The dungeon data model: rooms, arrows and the small effect vocabulary room abilities are written in.

/** The official dungeons this module ships (Baldur's Gate Wilderness is left out; see docs/rulings/venture.md). */
export type DungeonId = 'tomb-of-annihilation' | 'lost-mine-of-phandelver' | 'dungeon-of-the-mad-mage' | 'undercity';

/** Tokens a room ability can create. */
export type TokenKind = 'treasure' | 'goblin' | 'skeleton' | 'skeleton-menace' | 'the-atropal';

/** A card type a sacrifice can ask for; lands and untracked permanents are the player's word. */
export type PermanentType = 'artifact' | 'creature' | 'land';

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

/** Whose life a life effect touches. */
export type LifeWho = 'you' | 'each-opponent' | 'each-player' | 'target-player';

/**
 * One step of a room ability. `life.amount` is signed (negative = lose life). `prompt` stands for effects the
 * companion cannot track (hidden cards, continuous effects on untracked creatures): resolving it only records it.
 */
export type Effect =
  | { readonly kind: 'life'; readonly who: LifeWho; readonly amount: number }
  | { readonly kind: 'create-token'; readonly token: TokenKind; readonly count: number }
  | { readonly kind: 'counters'; readonly target: 'target-creature'; readonly counter: '+1/+1'; readonly count: number }
  | { readonly kind: 'scry'; readonly count: number }
  | { readonly kind: 'draw'; readonly count: number }
  | { readonly kind: 'discard'; readonly count: number }
  | { readonly kind: 'sacrifice'; readonly each: readonly PermanentType[] }
  | {
      readonly kind: 'unless';
      readonly who: 'each-player';
      readonly cost:
        { readonly kind: 'discard'; readonly count: number } | { readonly kind: 'sacrifice'; readonly anyOf: readonly PermanentType[] };
      readonly lifeLoss: number;
    }
  | { readonly kind: 'prompt'; readonly text: string; readonly target?: 'target-creature' };

/** A room: its flavour name (309.4b), its ability as effects, and the rooms its arrows lead to (none for the bottommost). */
export interface Room {
  readonly id: string;
  readonly name: string;
  readonly effects: readonly Effect[];
  readonly next: readonly string[];
}

/** A dungeon card. `rooms[0]` is the topmost room; exactly one room has no arrows leaving it (the bottommost). */
export interface Dungeon {
  readonly id: DungeonId;
  readonly name: string;
  /** Undercity's static ability: only "venture into Undercity" may bring it into the command zone. */
  readonly onlyByVentureIntoUndercity: boolean;
  readonly rooms: readonly Room[];
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
