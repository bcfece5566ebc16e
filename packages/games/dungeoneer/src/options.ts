// Game options: the card set, the six optional advanced rules, campaign adventures (with their multiple-set decks),
// and the checks of which combinations and seat counts the text allows.
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { STARTER } from './content/index';
import { fail } from './rules/fail';

const Obj = <P extends TProperties>(properties: P, description: string) =>
  Type.Object(properties, { additionalProperties: false, description });
// No schema default: the server fills defaults before checkSeats, which must tell a flag switched off from one not set.
const Flag = (description: string) => Type.Optional(Type.Boolean({ description: `${description} Off unless set.` }));
const Id = (description: string) => Type.String({ minLength: 1, maxLength: 40, description });

/** The most quests a Dungeonlord's deck may hold: so also the most one seat can complete in an adventure. */
export const MAX_DECK_QUESTS = 20;

/** One line of a constructed deck: a card design and how many copies of it. */
const DeckLineT = Obj(
  { card: Id('An Adventure card design id.'), copies: Type.Integer({ minimum: 1, maximum: 4, description: 'Copies (at most 4).' }) },
  'Copies of one design in a constructed deck.',
);

/** CAMPAIGN ADVENTURES, Multiple-Set Campaigns: the Dungeonlord's Peril deck and the heroes' Glory deck, built by hand. */
export const DecksT = Obj(
  {
    peril: Obj(
      {
        maps: Type.Array(Id('A Map card.'), { maxItems: 30, description: '6 Map cards per hero player, as many rooms as passages.' }),
        quests: Type.Array(Id('A quest.'), {
          maxItems: MAX_DECK_QUESTS,
          description: '3 different quests per hero player, each played on these Map cards (or the entrance).',
        }),
        cards: Type.Array(DeckLineT, { maxItems: 40, description: 'Banes and Encounters: the deck totals at least 70 cards.' }),
      },
      "The Dungeonlord's Peril deck.",
    ),
    glory: Obj(
      {
        heroes: Type.Array(Id('A hero card.'), { minItems: 1, maxItems: 6, description: 'At least one Hero card per hero player.' }),
        cards: Type.Array(DeckLineT, { maxItems: 40, description: 'Boons and Treasures: the deck totals at least 60 cards.' }),
      },
      "The heroes' Glory deck.",
    ),
  },
  'Hand-built decks for a campaign played with several sets combined.',
);
/** Hand-built campaign decks. */
export type Decks = Static<typeof DecksT>;

/** CAMPAIGN ADVENTURES: a permanent Dungeonlord against hero seats; what carries between adventures. */
export const CampaignOptionsT = Obj(
  {
    dungeonlord: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 3,
        default: 0,
        description: 'The seat of the permanent Dungeonlord; every other seat is a hero.',
      }),
    ),
    carry: Type.Optional(
      Obj(
        {
          level: Flag("A seated character's hero starts at the level it reached in its last adventure (Delve's extension)."),
          treasures: Flag("A seated character's hero starts with the Treasures it kept from its last adventure (Delve's extension)."),
        },
        'What a character carries from one adventure to the next.',
      ),
    ),
    sets: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 4,
        default: 1,
        description: 'How many starter sets are combined (copies available to `decks`).',
      }),
    ),
    decks: Type.Optional(DecksT),
  },
  'Campaign adventures: one permanent Dungeonlord, the others a party of heroes.',
);

/** Options accepted at game creation; every field is optional and has a default. */
export const optionsSchema = Obj(
  {
    set: Type.Optional(Type.Literal('starter', { default: 'starter', description: "The card set: Delve's original starter set." })),
    revealedMap: Flag('Revealed Map: the whole map is dealt out and placed before play; no Build Phase.'),
    malevolentForce: Flag('Malevolent Force: a defeated player keeps hand and Pack and plays on as the Dungeonlord only.'),
    looting: Flag('Looting: a fallen hero’s Treasures stay on the map; Treasures are played only after beating a monster or a Trap.'),
    secretQuest: Flag('Secret Quest: one personal quest stays hidden until attempted.'),
    respawn: Flag('Respawn: a defeated player draws a new hero and starts again at the entrance.'),
    wanderingPack: Flag('Wandering Pack: each Dungeonlord’s Pack is a marker that wanders the map and attacks heroes.'),
    campaign: Type.Optional(CampaignOptionsT),
  },
  'Dungeoneer options; the standard game needs none.',
);

/** Options as a client sends them. */
export type DungeoneerOptions = Static<typeof optionsSchema>;

const Bool = (description: string) => Type.Boolean({ description });
/** Options with every default filled in, as the state carries them. */
export const ResolvedOptionsT = Obj(
  {
    set: Type.Literal('starter', { description: 'The card set.' }),
    revealedMap: Bool('Revealed Map in force.'),
    malevolentForce: Bool('Malevolent Force in force.'),
    looting: Bool('Looting in force (always in a campaign).'),
    secretQuest: Bool('Secret Quest in force (always in a campaign).'),
    respawn: Bool('Respawn in force (always in a campaign).'),
    wanderingPack: Bool('Wandering Pack in force (always in a campaign).'),
    campaign: Type.Union(
      [
        Obj(
          {
            dungeonlord: Type.Integer({ minimum: 0, maximum: 3, description: 'The permanent Dungeonlord’s seat.' }),
            carry: Obj({ level: Bool('Levels carry.'), treasures: Bool('Treasures carry.') }, 'What carries between adventures.'),
            sets: Type.Integer({ minimum: 1, maximum: 4, description: 'Starter sets combined.' }),
            decks: Type.Union([DecksT, Type.Null()], { description: 'Hand-built decks; null: one starter set split in two.' }),
          },
          'A campaign adventure.',
        ),
        Type.Null(),
      ],
      { description: 'Campaign adventure settings; null in the standard game.' },
    ),
  },
  'The options in force, defaults filled in.',
);
/** Options with defaults filled in. */
export type ResolvedOptions = Static<typeof ResolvedOptionsT>;

/**
 * Fill in the defaults. CAMPAIGN ADVENTURES: Looting, Respawn, the Wandering Pack and secret quests are part of the
 * campaign rules, so they are in force there whatever the flags say (checkSeats refuses flags that contradict it).
 */
export function resolveOptions(input: DungeoneerOptions | undefined): ResolvedOptions {
  const c = input?.campaign;
  const campaign = c
    ? {
        dungeonlord: c.dungeonlord ?? 0,
        carry: { level: c.carry?.level ?? false, treasures: c.carry?.treasures ?? false },
        sets: c.sets ?? 1,
        decks: c.decks ?? null,
      }
    : null;
  return {
    set: input?.set ?? 'starter',
    revealedMap: input?.revealedMap ?? false,
    malevolentForce: input?.malevolentForce ?? false,
    looting: campaign !== null || (input?.looting ?? false),
    secretQuest: campaign !== null || (input?.secretQuest ?? false),
    respawn: campaign !== null || (input?.respawn ?? false),
    wanderingPack: campaign !== null || (input?.wanderingPack ?? false),
    campaign,
  };
}

/** INTRODUCTION: 2 to 4 players. */
export const MIN_SEATS = 2;
export const MAX_SEATS = 4;

/** The six optional rules by option name, for messages and property tests. */
export const OPTIONAL_RULES = ['revealedMap', 'malevolentForce', 'looting', 'secretQuest', 'respawn', 'wanderingPack'] as const;
/** One of the optional advanced rules. */
export type OptionalRule = (typeof OPTIONAL_RULES)[number];

const bad = (message: string): never => fail('bad-options', message);

/**
 * CAMPAIGN ADVENTURES, Multiple-Set Campaigns: what is wrong with hand-built decks for `heroes` hero players, with
 * `sets` starter sets to draw copies from. Map cards and quests are unique; Adventure cards at most 4 copies each.
 */
export function deckProblems(decks: Decks, heroes: number, sets: number): string[] {
  const out: string[] = [];
  const maps = new Map(STARTER.map.map((m) => [m.id, m]));
  const designs = new Map(STARTER.adventure.map((d) => [d.id, d]));
  const unique = (ids: readonly string[], what: string) => {
    if (new Set(ids).size !== ids.length) out.push(`${what} are listed twice`);
  };
  const { peril, glory } = decks;
  unique(peril.maps, 'Map cards');
  unique(peril.quests, 'quests');
  unique(glory.heroes, 'heroes');
  if (peril.maps.length !== 6 * heroes)
    out.push(`the Peril deck holds ${peril.maps.length} Map cards, not 6 per hero player (${6 * heroes})`);
  const kinds = peril.maps.map((id) => maps.get(id)?.kind);
  if (kinds.some((k) => k === undefined || k === 'entrance')) out.push('the Peril deck names a Map card that is not a room or passage');
  if (kinds.filter((k) => k === 'room').length !== kinds.filter((k) => k === 'passage').length)
    out.push('the Peril deck needs as many rooms as passages');
  if (peril.quests.length !== 3 * heroes)
    out.push(`the Peril deck holds ${peril.quests.length} quests, not 3 per hero player (${3 * heroes})`);
  const spaces = new Set([...peril.maps, 'entrance']);
  for (const id of peril.quests) {
    const q = STARTER.quests.find((x) => x.id === id);
    if (!q) out.push(`unknown quest ${id}`);
    else if (!spaces.has(q.space) || (q.from !== undefined && !spaces.has(q.from)))
      out.push(`quest ${id} is played on Map cards the Peril deck does not hold`);
  }
  const lines = (deck: readonly { card: string; copies: number }[], kinds: readonly string[], what: string) => {
    unique(
      deck.map((l) => l.card),
      `${what} designs`,
    );
    let total = 0;
    for (const l of deck) {
      const d = designs.get(l.card);
      if (!d || !kinds.includes(d.kind)) out.push(`${l.card} does not belong in the ${what} deck`);
      else if (l.copies > d.copies * sets) out.push(`${l.card}: ${l.copies} copies, but ${sets} set(s) hold ${d.copies * sets}`);
      total += l.copies;
    }
    return total;
  };
  const perilTotal = peril.maps.length + peril.quests.length + lines(peril.cards, ['bane', 'monster', 'threat'], 'Peril');
  if (perilTotal < 70) out.push(`the Peril deck totals ${perilTotal} cards, fewer than 70`);
  if (glory.heroes.some((h) => !STARTER.heroes.some((x) => x.id === h))) out.push('the Glory deck names an unknown hero');
  if (glory.heroes.length < heroes) out.push(`the Glory deck needs a Hero card for each of the ${heroes} hero players`);
  const gloryTotal = glory.heroes.length + lines(glory.cards, ['boon', 'treasure'], 'Glory');
  if (gloryTotal < 60) out.push(`the Glory deck totals ${gloryTotal} cards, fewer than 60`);
  return out;
}

/**
 * INTRODUCTION: 2 to 4 players. OPTIONAL ADVANCED RULES: Malevolent Force and Respawn cannot be used together.
 * CAMPAIGN ADVENTURES: a Dungeonlord seat and at least one hero; Looting, Respawn, the Wandering Pack and secret
 * quests are in force (so Malevolent Force, and flags switching those off, are refused); the map is built in the
 * Dungeonlord's Build step (so Revealed Map is refused); hand-built decks must meet the Multiple-Set limits.
 */
export function checkSeats(options: DungeoneerOptions, seats: number): void {
  if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS)
    fail('bad-seat-count', `Dungeoneer seats ${MIN_SEATS} to ${MAX_SEATS} players`);
  if (options.malevolentForce === true && options.respawn === true) bad('Malevolent Force and Respawn cannot be used together');
  const c = options.campaign;
  if (!c) return;
  for (const rule of ['looting', 'secretQuest', 'respawn', 'wanderingPack'] as const)
    if (options[rule] === false) bad(`campaign adventures play with ${rule} in force`);
  if (options.malevolentForce === true) bad('campaign adventures respawn fallen heroes, so Malevolent Force cannot be used');
  if (options.revealedMap === true) bad('campaign adventures build the map in the Dungeonlord’s Build step, not before play');
  const dungeonlord = c.dungeonlord ?? 0;
  if (dungeonlord >= seats) bad(`the Dungeonlord's seat ${dungeonlord} is not at this table of ${seats}`);
  if (c.decks) {
    const problems = deckProblems(c.decks, seats - 1, c.sets ?? 1);
    if (problems.length > 0) bad(`multiple-set decks: ${problems.join('; ')}`);
  }
}
