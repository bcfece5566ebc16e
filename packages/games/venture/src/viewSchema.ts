// The JSON Schema (TypeBox) of what `view` returns, and the view types derived from it so the two cannot drift.
import type { ReadonlyStatic } from '@delve/kernel';
import { Type, type TSchema } from '@sinclair/typebox';
import { DungeonIdSchema, EffectSchema, TokenKindSchema } from './content';
import { IdField, SeatField, StepSchema } from './events';

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });
const Strict = { additionalProperties: false } as const;

/** A choice before anything else, as the state holds it (state.ts `PendingChoice`): a dungeon, an arrow or a legend. */
export const PendingChoiceSchema = Type.Union(
  [
    Type.Object(
      {
        seat: SeatField('Who chooses.'),
        kind: Type.Literal('dungeon', { description: 'A dungeon to bring in.' }),
        options: Type.Array(DungeonIdSchema, { description: 'The dungeons they may choose.' }),
      },
      { ...Strict, description: 'A venture waits for its dungeon choice.' },
    ),
    Type.Object(
      {
        seat: SeatField('Who chooses.'),
        kind: Type.Literal('room', { description: 'An arrow to follow.' }),
        options: Type.Array(Type.String({ description: 'A room id.' }), { description: 'The rooms the arrows point to.' }),
      },
      { ...Strict, description: 'A venture waits for its arrow choice.' },
    ),
    Type.Object(
      {
        seat: SeatField('Who chooses.'),
        kind: Type.Literal('legend', { description: 'A legendary token to keep (704.5j).' }),
        options: Type.Array(IdField('A token.'), { description: 'The legendary tokens with the same name.' }),
      },
      { ...Strict, description: 'The legend rule waits for the controller to keep one token.' },
    ),
  ],
  { description: 'A choice a player must make before anything else happens.' },
);

/** One player as shown to everyone. */
export const PlayerViewSchema = Type.Object(
  {
    seat: SeatField('The player’s seat.'),
    life: Type.Integer({ description: 'Life total.' }),
    inGame: Type.Boolean({ description: 'False once they left the game.' }),
    hasInitiative: Type.Boolean({ description: 'True for the initiative’s holder.' }),
    dungeon: Nullable(
      Type.Object(
        {
          id: DungeonIdSchema,
          name: Type.String({ description: 'The dungeon’s name.' }),
          room: Type.String({ description: 'The id of the room the marker is on.' }),
          roomName: Type.String({ description: 'That room’s name.' }),
          next: Type.Array(Type.String({ description: 'A room id.' }), { description: 'Where the arrows from that room lead.' }),
        },
        { ...Strict, description: 'A dungeon in the command zone and the marker’s room.' },
      ),
      'The dungeon they own in the command zone, or null.',
    ),
    completed: Type.Partial(Type.Record(DungeonIdSchema, Type.Integer({ minimum: 1, description: 'How many times.' })), {
      ...Strict,
      description: 'Completed dungeons by id with counts (only those completed at least once).',
    }),
    completedTotal: Count('Dungeons completed in all.'),
    completedDistinct: Count('Differently named dungeons completed.'),
  },
  { ...Strict, description: 'One player as every viewer sees them.' },
);

/** One stack entry as shown: a single object for every kind (room fields are set on room abilities, `taker` on a steal). */
export const StackEntryViewSchema = Type.Object(
  {
    id: IdField('The stack entry.'),
    kind: Type.Union([Type.Literal('room'), Type.Literal('initiative-venture'), Type.Literal('initiative-steal')], {
      description: 'A room ability, the initiative’s venture trigger, or its combat-damage trigger.',
    }),
    controller: SeatField('Who controls it and resolves it.'),
    dungeon: Type.Optional(DungeonIdSchema),
    room: Type.Optional(Type.String({ description: 'The room whose ability it is.' })),
    roomName: Type.Optional(Type.String({ description: 'That room’s name.' })),
    effects: Type.Optional(Type.Array(EffectSchema, { description: 'What the room ability does.' })),
    taker: Type.Optional(SeatField('Who takes the initiative when the steal trigger resolves.')),
    resolving: Type.Boolean({ description: 'True while it waits for "unless" answers.' }),
    answered: Type.Array(SeatField('A player who answered.'), { description: 'Players who answered its "unless" cost so far.' }),
  },
  { ...Strict, description: 'One entry of the stack.' },
);

/** A token on the battlefield, with its display name. */
export const TokenViewSchema = Type.Object(
  {
    id: IdField('The token.'),
    kind: TokenKindSchema,
    name: Type.String({ description: 'Its name.' }),
    controller: SeatField('Who controls it.'),
    counters: Count('+1/+1 counters on it.'),
  },
  { ...Strict, description: 'A token a room created.' },
);

/** The table as every viewer sees it: GameModule.viewSchema of the venture module. */
export const viewSchema = Type.Object(
  {
    phase: Type.String({ description: 'Where the game stands (a step, a choice, the stack, or finished).' }),
    awaiting: Type.Array(SeatField('An awaited seat.'), { description: 'Who must act before the game can go on.' }),
    winners: Type.Optional(Type.Array(SeatField('A winner.'), { description: 'Set once the game is over.' })),
    you: Nullable(SeatField('The viewer’s seat.'), 'The viewer’s seat, or null for a spectator or the auditor.'),
    turn: Count('The turn number (0 before the table is set).'),
    active: SeatField('The active player.'),
    step: StepSchema,
    initiative: Nullable(SeatField('The holder.'), 'Who has the initiative, or null.'),
    players: Type.Array(PlayerViewSchema, { description: 'Every player, by seat.' }),
    tokens: Type.Array(TokenViewSchema, { description: 'Tokens on the battlefield.' }),
    stack: Type.Array(StackEntryViewSchema, { description: 'The stack, bottom first.' }),
    pending: Nullable(PendingChoiceSchema, 'The choice a player must make now, or null.'),
  },
  { ...Strict, description: 'A venture table as every viewer sees it.' },
);

/** One player as shown to everyone. */
export type PlayerView = ReadonlyStatic<typeof PlayerViewSchema>;
/** One stack entry as shown: what it is and what its effects are. */
export type StackEntryView = ReadonlyStatic<typeof StackEntryViewSchema>;
/** The table as every viewer sees it. Nothing in this module is secret: scry and draw results never enter the state. */
export type VentureView = ReadonlyStatic<typeof viewSchema>;
