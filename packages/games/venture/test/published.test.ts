// What the module publishes for clients, held against what it does: its refusal codes, its command examples, the
// bounds of its free amounts, and its content (dungeons, rooms, tokens).
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import {
  codesInSource,
  exampleProblems,
  commandExamples,
  refusalCodes,
  unplayedExamples,
  type PlayoutOptions,
} from '@delve/kernel/testing';
import {
  allPaths,
  commandSchema,
  DUNGEON_IDS,
  DUNGEONS,
  TOKENS,
  venture,
  type VentureCommand,
  type VentureEvent,
  type VentureOptions,
} from '../src/index';
import type { VentureState } from '../src/state';
import { chooseCommand, Table } from './support';

type Game = PlayoutOptions<VentureCommand, VentureEvent, VentureState, VentureOptions>;
const published = new Set(Object.keys(venture.codes ?? {}));

/** Tables of every size the module takes, the Wilderness at some, played by the properties' chooser. */
const games = (prefix: string, count: number, maxSteps: number): Game[] =>
  Array.from({ length: count }, (_, i) => ({
    options: i % 3 === 2 ? { baldursGateWilderness: true } : {},
    seats: 2 + (i % 3),
    seed: `${prefix}:${i}`,
    maxSteps,
    choose: chooseCommand,
  }));

/** Commands of every type from `seat`'s point of view, well formed, most of them not fitting now. */
function probe(state: VentureState, seat: number): VentureCommand[] {
  const other = (seat + 1) % state.seats;
  const token = state.tokens[0]?.id ?? 1;
  return [
    { type: 'Venture' },
    { type: 'ChooseDungeon', dungeon: 'undercity' },
    { type: 'ChooseDungeon', dungeon: 'baldurs-gate-wilderness' },
    { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' },
    { type: 'ChooseRoom', room: 'oubliette' },
    { type: 'ChooseLegend', keep: token },
    { type: 'ResolveTop' },
    { type: 'ResolveTop', targetPlayer: other },
    { type: 'ResolveTop', targetToken: token },
    { type: 'ResolveTop', sacrifice: [token, token] },
    { type: 'ResolveTop', sacrifice: [token] },
    { type: 'ResolveTop', distribute: { [token]: 3 } },
    { type: 'ResolveTop', revealedManaValue: 3 },
    { type: 'AnswerUnless', pay: true, token },
    { type: 'AnswerUnless', pay: false },
    { type: 'TakeInitiative' },
    { type: 'ReportCombatDamage', player: other, amount: 2 },
    { type: 'ReportCombatDamage', player: seat, amount: 2 },
    { type: 'ReportCombatDamage', player: other, amount: 2, firstStrike: true },
    { type: 'AdvanceStep' },
    { type: 'PassTurn' },
    { type: 'AdjustLife', player: state.seats, amount: 1 },
    { type: 'RemoveToken', token },
    { type: 'RemoveToken', token: 999 },
  ];
}

t.test('codes: the source refuses with exactly the codes the module publishes, each with a meaning', async (t) => {
  t.same([...codesInSource('venture', new URL('../src/', import.meta.url))].sort(), [...published].sort());
  for (const [code, meaning] of Object.entries(venture.codes ?? {})) t.ok(meaning.length > 10, `${code} says what it means`);
});

t.test('codes: every refusal decide gives to commands of every type in seeded games is published', async (t) => {
  const seen = refusalCodes(venture, games('codes', 6, 400), (state, seat) => probe(state, seat));
  for (const [code, command] of seen) t.ok(published.has(code), `${code} is published`, { command });
  t.ok(seen.size >= 20, `${seen.size} different refusals met`);
});

t.test('examples: every command carries an example that is a valid command', async (t) => {
  t.same(exampleProblems(commandSchema), []);
});

t.test('examples: decide accepts each command example at some position of seeded games', async (t) => {
  const examples = commandExamples(commandSchema).flatMap((v) => v.examples) as VentureCommand[];
  t.same(unplayedExamples(venture, examples, games('examples', 17, 3000)), [], 'no example is left unplayed');
});

t.test('ruling 16: free amounts are bounded to what a table needs, and the contract says so', async (t) => {
  const table = new Table(2).stepTo('combat-damage');
  const schemaOf = (type: string) => venture.commandTemplates?.(table.state, 0).find((tpl) => tpl.type === type)?.params.amount;
  t.match(schemaOf('ReportCombatDamage'), { minimum: 1, maximum: 999, description: /999/ });
  t.match(schemaOf('AdjustLife'), {
    anyOf: [
      { minimum: -999, maximum: -1 },
      { minimum: 1, maximum: 999 },
    ],
    description: /999/,
  });
  t.notOk(Value.Check(commandSchema, { type: 'AdjustLife', player: 0, amount: 1000 }), 'the command schema refuses a thousand');
  t.notOk(Value.Check(commandSchema, { type: 'ResolveTop', revealedManaValue: 65 }), 'and a revealed total above four cards of 16');
  table.when(0, { type: 'AdjustLife', player: 1, amount: -1000 }).thenViolates(t, 'venture/bad-amount');
  table.when(0, { type: 'ReportCombatDamage', player: 1, amount: 1000 }).thenViolates(t, 'venture/bad-amount');
  table.when(0, { type: 'ReportCombatDamage', player: 1, amount: 999 }).then(t, [
    { type: 'CombatDamageDealt', attacker: 0, player: 1, amount: 999 },
    { type: 'LifeChanged', seat: 1, amount: -999 },
    { type: 'PlayerLeft', seat: 1, reason: 'no-life' },
  ]);
});

t.test('content: every dungeon, room and token the module ships, named as the rules name them and explained in our words', async (t) => {
  const content = venture.content ?? [];
  const byId = new Map(content.map((c) => [c.id, c]));
  t.equal(byId.size, content.length, 'ids are unique');
  for (const id of DUNGEON_IDS) {
    t.match(byId.get(id), {
      name: DUNGEONS[id].name,
      type: 'dungeon',
      stats: { rooms: DUNGEONS[id].rooms.length, paths: allPaths(id).length },
    });
    for (const room of DUNGEONS[id].rooms) t.match(byId.get(`${id}/${room.id}`), { name: room.name, type: 'room', text: /\S/ });
  }
  for (const [kind, token] of Object.entries(TOKENS)) t.match(byId.get(kind), { name: token.name, type: 'token' });
  t.match(byId.get('tomb-of-annihilation/trapped-entry'), {
    text: 'life −1 for every player.',
    stats: { next: 'veils-of-fear, oubliette' },
  });
  t.match(byId.get('undercity/trap'), { text: 'life −5 for a target player.', stats: { bottommost: false } });
  t.match(byId.get('the-atropal'), { text: /^Legendary black creature token \(God Horror\) 4\/4; deathtouch\.$/ });
  t.equal(
    content.length,
    DUNGEON_IDS.length + DUNGEON_IDS.reduce((n, id) => n + DUNGEONS[id].rooms.length, 0) + Object.keys(TOKENS).length,
  );
});
