// Heroes as characters (Delve's extension of the rulebook): a hero card with a level and Treasures that a campaign
// may carry from one adventure to the next, and what one game records on it and on the campaign.
import { defineCommand, defineEvent, type GameResult, type Seat } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';
import { STARTER } from '../content/index';
import type { DungeoneerState } from '../state';
import { fail } from '../rules/fail';
import { dungeonlordSeat } from '../rules/table';
import { MAX_DECK_QUESTS } from '../options';

const HeroIdT = Type.Union(
  STARTER.heroes.map((h) => Type.Literal(h.id)),
  { description: 'A hero card of the starter set.' },
);
const Designs = (description: string, maxItems = 12) => Type.Array(Type.String({ maxLength: 40 }), { maxItems, description });
const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** What a player chooses when creating a Dungeoneer character: which hero it is. */
export const characterCreateSchema = Type.Object(
  { hero: HeroIdT },
  {
    additionalProperties: false,
    title: 'DungeoneerCharacterOptions',
    description: 'What a player gives to create a Dungeoneer character: which of the heroes it is.',
    examples: [{ hero: 'brannoc' }],
  },
);

/** The owner's commands on a character. */
export const characterCommandSchema = Type.Union(
  [
    defineCommand(
      'DropTreasure',
      'Leave a carried Treasure behind for good: the character stops carrying it.',
      { treasure: Type.String({ maxLength: 40, description: 'The Treasure design to drop.' }) },
      [{ treasure: 'striding-boots' }],
    ),
  ],
  {
    title: 'DungeoneerCharacterCommand',
    description: 'What the owner may do with a Dungeoneer character between adventures.',
  },
);
/** An owner's command. */
export type CharacterCommand = Static<typeof characterCommandSchema>;

const AdventureT = Type.Object(
  {
    gameId: Type.String({ description: 'The game.' }),
    side: Type.Union([Type.Literal('hero'), Type.Literal('dungeonlord')], { description: 'The side the character played.' }),
    won: Type.Boolean({ description: 'Whether it was among the winners.' }),
    // As many as the deck held: a seat may complete every quest of a long adventure.
    quests: Designs('Quests it completed.', MAX_DECK_QUESTS),
    defeats: Count('How often its seat’s hero fell.'),
    felled: Count('As a campaign’s Dungeonlord: heroes defeated.'),
    level: Type.Integer({ minimum: 1, description: 'The level its own hero reached.' }),
  },
  { additionalProperties: false, title: 'DungeoneerAdventure', description: 'One adventure as the character’s record keeps it.' },
);

/** Events on a Dungeoneer character's stream (after the kernel's own). */
export const characterEventSchema = Type.Union(
  [
    defineEvent('HeroChosen', 'The character’s hero.', { hero: HeroIdT }),
    defineEvent('AdventureRecorded', 'A finished game, as the character’s record keeps it.', { adventure: AdventureT }),
    defineEvent('LevelCarried', 'A campaign carries the level the hero reached.', {
      level: Type.Integer({ minimum: 1, description: 'The level the hero starts its next adventure at.' }),
    }),
    defineEvent('TreasuresKept', 'A campaign carries the Treasures the hero ended with (none if it fell).', {
      treasures: Designs('Treasure designs.'),
    }),
    defineEvent('TreasureDropped', 'The owner left a Treasure behind.', {
      treasure: Type.String({ maxLength: 40, description: 'The Treasure design dropped.' }),
    }),
  ],
  { description: 'Events of a Dungeoneer character.' },
);
/** A character event. */
export type CharacterEvent = Static<typeof characterEventSchema>;

/** The character sheet: who the hero is, what it carries, and its adventures. */
export const sheetSchema = Type.Object(
  {
    hero: Type.String({ description: 'The hero card.' }),
    level: Type.Integer({ minimum: 1, description: 'The level it starts its next adventure at, when its campaign carries levels.' }),
    treasures: Designs('Treasures it starts its next adventure with, when its campaign carries them.'),
    adventures: Count('Finished games.'),
    wins: Count('Games won.'),
    quests: Count('Quests completed in all.'),
    defeats: Count('Times its seat’s hero fell.'),
    felled: Count('Heroes defeated as a campaign’s Dungeonlord.'),
    history: Type.Array(AdventureT, { description: 'Every adventure, oldest first.' }),
  },
  { additionalProperties: false, title: 'DungeoneerSheet', description: 'A Dungeoneer character sheet.' },
);
/** A character sheet (also the progression's state). */
export type Sheet = Static<typeof sheetSchema>;

/** What the deal sees of a character: its hero, and the level and Treasures a carrying campaign starts it with. */
export interface CharacterProfile {
  readonly hero: string;
  readonly level: number;
  readonly treasures: readonly string[];
}

/**
 * What one seat earned from one game. `tally` is what a campaign's standing adds up (the kernel's CampaignTally
 * shape): the side, whether it reached its goal, and counts.
 */
export interface Outcome {
  readonly side: 'hero' | 'dungeonlord';
  readonly hero: string | null;
  readonly level: number;
  /** Treasure designs the seat's own hero ended with; empty when it fell (they stayed in the dungeon). */
  readonly treasures: readonly string[];
  readonly quests: readonly string[];
  readonly defeats: number;
  readonly felled: number;
  /** What the game's options said carries. */
  readonly carry: { readonly level: boolean; readonly treasures: boolean };
  readonly tally: {
    readonly side: string | null;
    readonly goal: boolean;
    readonly counts: Readonly<Record<string, number>>;
  };
}

const designOf = (card: string): string => card.slice(0, card.lastIndexOf('-'));

/**
 * CAMPAIGN ADVENTURES and Delve's extension: what `seat` takes away from the finished game. The Dungeonlord side
 * counts the heroes it felled; a hero seat its quests and falls. Level and Treasures are those of the hero the seat
 * was dealt (a respawned stand-in carries nothing); a fallen hero's Treasures stayed in the dungeon.
 */
export function outcome(s: DungeoneerState, seat: Seat): Outcome | null {
  const p = s.players[seat];
  if (!p) return null;
  const campaign = s.options.campaign;
  const dl = dungeonlordSeat(s);
  const side = seat === dl ? 'dungeonlord' : 'hero';
  const felled = side === 'dungeonlord' ? s.players.reduce((n, x) => n + x.defeats, 0) : 0;
  const own = p.origin && !p.origin.fallen && p.hero?.id === p.origin.hero ? p.hero : null;
  const goal = s.winners?.includes(seat) ?? false;
  return {
    side,
    hero: p.origin?.hero ?? null,
    level: p.origin?.level ?? 1,
    treasures: own ? own.treasures.map(designOf) : [],
    quests: [...p.achieved],
    defeats: p.defeats,
    felled,
    carry: { level: campaign?.carry.level ?? false, treasures: campaign?.carry.treasures ?? false },
    tally: {
      side: campaign ? (side === 'dungeonlord' ? 'dungeonlord' : 'heroes') : null,
      goal,
      counts: side === 'dungeonlord' ? { heroesDefeated: felled } : { quests: p.achieved.length, defeats: p.defeats },
    },
  };
}

/** The events one finished game writes on the character: the adventure, then what its campaign carries. */
export function record(result: GameResult<Outcome | null>, state: Sheet): CharacterEvent[] {
  const o = result.outcome;
  if (!o) return [];
  const events: CharacterEvent[] = [
    {
      type: 'AdventureRecorded',
      adventure: {
        gameId: result.gameId,
        side: o.side,
        won: result.won,
        quests: [...o.quests],
        defeats: o.defeats,
        felled: o.felled,
        level: o.level,
      },
    },
  ];
  // The Dungeonlord plays no hero: nothing of a hero carries for it.
  if (o.side !== 'hero' || o.hero !== state.hero) return events;
  if (o.carry.level && o.level !== state.level) events.push({ type: 'LevelCarried', level: o.level });
  if (o.carry.treasures) events.push({ type: 'TreasuresKept', treasures: [...o.treasures] });
  return events;
}

/** The owner's command: drop a Treasure the character carries. */
export function decideCharacter(command: CharacterCommand, state: Sheet): CharacterEvent[] {
  if (!state.treasures.includes(command.treasure)) fail('not-carried', `the character carries no ${command.treasure}`);
  return [{ type: 'TreasureDropped', treasure: command.treasure }];
}

/** Apply one character event. Total. */
export function evolveCharacter(state: Sheet, e: CharacterEvent): Sheet {
  switch (e.type) {
    case 'HeroChosen':
      return { ...state, hero: e.hero };
    case 'AdventureRecorded': {
      const a = e.adventure;
      return {
        ...state,
        adventures: state.adventures + 1,
        wins: state.wins + (a.won ? 1 : 0),
        quests: state.quests + a.quests.length,
        defeats: state.defeats + a.defeats,
        felled: state.felled + a.felled,
        history: [...state.history, a],
      };
    }
    case 'LevelCarried':
      return { ...state, level: e.level };
    case 'TreasuresKept':
      return { ...state, treasures: e.treasures };
    case 'TreasureDropped': {
      const at = state.treasures.indexOf(e.treasure);
      return at < 0 ? state : { ...state, treasures: [...state.treasures.slice(0, at), ...state.treasures.slice(at + 1)] };
    }
  }
}

/** Characters of Dungeoneer: heroes whose level and Treasures a campaign can carry between adventures. */
export const progression = {
  createSchema: characterCreateSchema,
  commandSchema: characterCommandSchema,
  eventSchema: characterEventSchema,
  sheetSchema,
  initialState: (): Sheet => ({
    hero: '',
    level: 1,
    treasures: [],
    adventures: 0,
    wins: 0,
    quests: 0,
    defeats: 0,
    felled: 0,
    history: [],
  }),
  create(options: { hero: string }): CharacterEvent[] {
    if (!STARTER.heroes.some((h) => h.id === options.hero)) fail('unknown-hero', `${options.hero} is not a hero`);
    return [{ type: 'HeroChosen', hero: options.hero }];
  },
  decide: decideCharacter,
  evolve: evolveCharacter,
  outcome,
  record,
  profile: (state: Sheet): CharacterProfile => ({ hero: state.hero, level: state.level, treasures: state.treasures }),
  sheet: (state: Sheet): Sheet => state,
};
