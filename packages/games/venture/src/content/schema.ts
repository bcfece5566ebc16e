// The vocabulary dungeons are written in, declared once as TypeBox schemas: ids, tokens, room effects, rooms, dungeons.
import type { ReadonlyStatic } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';

const Strict = { additionalProperties: false } as const;
const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** The dungeons this module knows, by id. */
export const DungeonIdSchema = Type.Union(
  [
    Type.Literal('tomb-of-annihilation'),
    Type.Literal('lost-mine-of-phandelver'),
    Type.Literal('dungeon-of-the-mad-mage'),
    Type.Literal('undercity'),
    Type.Literal('baldurs-gate-wilderness'),
  ],
  { description: 'A dungeon card, by id (see docs/rulings/venture.md for the list and where each structure comes from).' },
);

/** Tokens a room ability can create. */
export const TokenKindSchema = Type.Union(
  [
    Type.Literal('treasure'),
    Type.Literal('goblin'),
    Type.Literal('skeleton'),
    Type.Literal('skeleton-menace'),
    Type.Literal('the-atropal'),
    Type.Literal('knight'),
    Type.Literal('faerie-dragon'),
  ],
  { description: 'What kind of token a room made: Treasure, Goblin, Skeleton, 4/1 menace Skeleton, The Atropal, Knight or Faerie Dragon.' },
);

/** A card type a sacrifice can ask for. */
export const PermanentTypeSchema = Type.Union([Type.Literal('artifact'), Type.Literal('creature'), Type.Literal('land')], {
  description: 'A card type a sacrifice asks for.',
});

const LifeWho = Type.Union(
  [Type.Literal('you'), Type.Literal('each-opponent'), Type.Literal('each-player'), Type.Literal('target-player')],
  { description: 'Whose life changes: the ability’s controller, each opponent, each player, or a target player.' },
);

/**
 * One step of a room ability, in our own words. `prompt` stands for what a companion cannot track (hidden cards,
 * continuous effects on untracked creatures): resolving it only records that it happened.
 */
export const EffectSchema = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Literal('life', { description: 'A life change.' }),
        who: LifeWho,
        amount: Type.Integer({ description: 'Signed: negative is life lost.' }),
      },
      { ...Strict, description: 'Players gain or lose life.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('create-token', { description: 'Tokens are created.' }),
        token: TokenKindSchema,
        count: Count('How many tokens.'),
      },
      { ...Strict, description: 'The controller creates tokens.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('roll-tokens', { description: 'Tokens are created, as many as the dice show.' }),
        token: TokenKindSchema,
        dice: Type.Integer({ minimum: 1, description: 'How many dice are rolled.' }),
        sides: Type.Integer({ minimum: 2, description: 'How many sides each die has.' }),
      },
      { ...Strict, description: 'The controller rolls dice and creates that many tokens (the server rolls; the faces are recorded).' },
    ),
    Type.Object(
      {
        kind: Type.Literal('counters', { description: '+1/+1 counters on one target creature.' }),
        target: Type.Literal('target-creature', { description: 'The counters go on a target creature (any controller).' }),
        counter: Type.Literal('+1/+1', { description: 'The kind of counter.' }),
        count: Count('How many counters.'),
      },
      { ...Strict, description: 'Counters on a target creature: a tracked token named at resolution, or an untracked creature.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('distribute-counters', { description: '+1/+1 counters split among several targets.' }),
        among: Type.Literal('creatures-you-control', { description: 'The targets are creatures the controller controls.' }),
        counter: Type.Literal('+1/+1', { description: 'The kind of counter.' }),
        count: Count('How many counters are split.'),
        maxTargets: Type.Integer({ minimum: 1, description: 'At most this many targets, each getting at least one counter.' }),
      },
      { ...Strict, description: 'Counters split among up to `maxTargets` creatures the controller controls.' },
    ),
    Type.Object(
      { kind: Type.Literal('scry', { description: 'Scry.' }), count: Count('How many cards.') },
      { ...Strict, description: 'Scry.' },
    ),
    Type.Object(
      { kind: Type.Literal('draw', { description: 'Draw cards.' }), count: Count('How many cards.') },
      { ...Strict, description: 'The controller draws.' },
    ),
    Type.Object(
      { kind: Type.Literal('discard', { description: 'Discard cards.' }), count: Count('How many cards.') },
      { ...Strict, description: 'The controller discards.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('sacrifice', { description: 'Sacrifice one permanent of each listed type.' }),
        each: Type.Array(PermanentTypeSchema, { description: 'One permanent of each of these types.' }),
      },
      { ...Strict, description: 'The controller sacrifices one permanent of each listed type.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('may-sacrifice', { description: 'The controller may sacrifice one permanent.' }),
        anyOf: Type.Array(PermanentTypeSchema, { description: 'A tracked token of one of these types may be named.' }),
      },
      { ...Strict, description: 'The controller may sacrifice one permanent (a tracked token is named at resolution).' },
    ),
    Type.Object(
      {
        kind: Type.Literal('unless', { description: 'Each player pays a cost or loses life.' }),
        who: Type.Literal('each-player', { description: 'Every player answers.' }),
        cost: Type.Union(
          [
            Type.Object(
              { kind: Type.Literal('discard', { description: 'Discard cards.' }), count: Count('How many cards.') },
              { ...Strict, description: 'Discarding cards.' },
            ),
            Type.Object(
              {
                kind: Type.Literal('sacrifice', { description: 'Sacrifice a permanent.' }),
                anyOf: Type.Array(PermanentTypeSchema, { description: 'The permanent is of one of these types.' }),
              },
              { ...Strict, description: 'Sacrificing a permanent.' },
            ),
          ],
          { description: 'What each player may pay.' },
        ),
        lifeLoss: Count('Life lost by a player who does not pay.'),
      },
      { ...Strict, description: 'Each player, in APNAP order, pays the cost or loses the life.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('reveal-life-loss', { description: 'Cards are revealed; opponents lose their total mana value.' }),
        cards: Count('How many cards from the top of the library are revealed and put into the hand.'),
        who: Type.Literal('each-opponent', { description: 'Each opponent loses the life.' }),
      },
      { ...Strict, description: 'The controller reveals cards and reports their total mana value; each opponent loses that much life.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('prompt', { description: 'Carried out at the table.' }),
        text: Type.String({ description: 'What the player does, in our own words.' }),
        target: Type.Optional(Type.Literal('target-creature', { description: 'The effect targets one creature.' })),
      },
      { ...Strict, description: 'An effect the companion cannot track; resolving it records that it happened.' },
    ),
  ],
  { description: 'One step of a room ability.' },
);

/** A room: its flavour name (309.4b), its ability as effects, and the rooms its arrows lead to. */
export const RoomSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, description: 'The room’s id, unique within its dungeon.' }),
    name: Type.String({ minLength: 1, description: 'The room’s name (flavour, 309.4b).' }),
    effects: Type.Array(EffectSchema, { minItems: 1, description: 'The room ability’s effect, step by step.' }),
    next: Type.Array(Type.String(), { description: 'Ids of the rooms the arrows leaving this room point to; none on a bottommost room.' }),
  },
  { ...Strict, description: 'One room of a dungeon.' },
);

/** A dungeon card: `rooms[0]` is the topmost room; every room without arrows leaving it is a bottommost room (there may be several). */
export const DungeonSchema = Type.Object(
  {
    id: DungeonIdSchema,
    name: Type.String({ minLength: 1, description: 'The dungeon’s name.' }),
    onlyByVentureIntoUndercity: Type.Boolean({ description: 'Only "venture into Undercity" may bring it in (Undercity).' }),
    optIn: Type.Boolean({ description: 'Offered only at tables that opt into it (Baldur’s Gate Wilderness).' }),
    rooms: Type.Array(RoomSchema, { minItems: 1, description: 'The rooms, topmost first.' }),
  },
  { ...Strict, description: 'A dungeon card as data.' },
);

export type DungeonId = Static<typeof DungeonIdSchema>;
export type TokenKind = Static<typeof TokenKindSchema>;
export type PermanentType = Static<typeof PermanentTypeSchema>;
export type Effect = ReadonlyStatic<typeof EffectSchema>;
export type Room = ReadonlyStatic<typeof RoomSchema>;
export type Dungeon = ReadonlyStatic<typeof DungeonSchema>;
