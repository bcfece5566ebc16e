// The JSON Schema (TypeBox) of what `view` returns: the state with hidden cards removed, plus a drawable grid.
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { ExitT, FeatureT } from './content/schema';
import { Cards, CardIdT, CountT, DirectionT, Nullable, PlayerStateT, RotationT, SeatT, StateT } from './state';

const Obj = <P extends TProperties>(properties: P, description: string) =>
  Type.Object(properties, { additionalProperties: false, description });
const {
  deck: _deck,
  mapDeck: _mapDeck,
  questDeck: _questDeck,
  perilDeck: _perilDeck,
  players: _players,
  ...publicState
} = StateT.properties;

/** A player as others see them: the hand only as a count, secret quests and Map cards in hand as "?". */
export const PlayerViewT = Obj(
  {
    ...PlayerStateT.properties,
    hand: Nullable(Cards('The hand: only in the viewer’s own entry (and for the audit viewer).')),
    handCount: CountT('Cards in hand.'),
    secretQuests: Cards('Secret quests in hand: "?" to everyone but their holder (and the audit viewer).'),
    mapHand: Cards('Revealed Map: Map cards in hand, "?" to everyone but their holder (and the audit viewer).'),
  },
  'A player as the viewer may see them.',
);
/** A player as a viewer sees it. */
export type PlayerView = Static<typeof PlayerViewT>;

/** One space of the map, ready to draw: exits already turned as the card lies. */
export const CellT = Obj(
  {
    x: Type.Integer({ description: 'Column; east is +1.' }),
    y: Type.Integer({ description: 'Row; north is +1.' }),
    card: CardIdT('The Map card.'),
    name: Type.String({ description: 'Its name.' }),
    kind: Type.Union([Type.Literal('entrance'), Type.Literal('passage'), Type.Literal('room')], {
      description: 'Entrance, passage or room.',
    }),
    rotation: RotationT,
    exits: Obj({ N: ExitT, E: ExitT, S: ExitT, W: ExitT }, 'Exits on each side as the card lies (rotation applied).'),
    open: Type.Array(DirectionT, {
      description: 'Sides whose door counts as open now (printed open, opened this turn, or held on the cusp).',
    }),
    glory: CountT('Glory for entering.'),
    peril: CountT('Peril for entering.'),
    feature: Nullable(FeatureT),
    heroes: Type.Array(SeatT, { description: 'Seats whose living hero stands here.' }),
    components: Cards('Escort components lying here (by quest).'),
    quests: Cards('Quests in play attempted or delivered here.'),
  },
  'A space on the grid.',
);

/** Schema of what `view` returns. */
export const viewSchema = Obj(
  {
    ...publicState,
    you: Nullable({ ...SeatT, description: 'The viewer’s seat; null for spectators and the audit viewer.' }),
    phase: Type.String({ description: 'The open prompt’s kind, else the turn’s phase; "finished" at the end.' }),
    awaiting: Type.Array(SeatT, { description: 'Seats the game waits for.' }),
    players: Type.Array(PlayerViewT, { description: 'One per seat.' }),
    deckCount: CountT('Cards in the Adventure deck (in a campaign, the Glory deck).'),
    perilDeckCount: CountT('Campaign: cards in the Peril deck.'),
    mapDeckCount: CountT('Cards in the Map deck.'),
    questDeckCount: CountT('Cards in the quest deck.'),
    search: Nullable(Cards('The Adventure deck, shown only to a player searching it for a quest reward.')),
    decks: Nullable(
      Obj(
        { adventure: Cards('Top first.'), peril: Cards('Top first.'), map: Cards('Top first.'), quests: Cards('Top first.') },
        'Every deck in order: for the audit viewer only.',
      ),
    ),
    grid: Obj(
      {
        cells: Type.Array(CellT, { description: 'Every placed Map card.' }),
        minX: Type.Integer({ description: 'Westmost column.' }),
        maxX: Type.Integer({ description: 'Eastmost column.' }),
        minY: Type.Integer({ description: 'Southmost row.' }),
        maxY: Type.Integer({ description: 'Northmost row.' }),
      },
      'The map as a grid a client can draw.',
    ),
  },
  'What one viewer may know of a Dungeoneer game.',
);

/** What one viewer may know of the game. */
export type DungeoneerView = Static<typeof viewSchema>;
