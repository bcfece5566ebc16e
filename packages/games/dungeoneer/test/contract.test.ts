// What Dungeoneer publishes for clients (issue 30): every schema field described, every command's example accepted by
// the rules somewhere in seeded games, and every refusal code published and used.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { randomFor, RuleViolation, type Random } from '@delve/kernel';
import { accepted, commandExamples, playout, undescribed, unplayedExamples } from '@delve/kernel/testing';
import {
  commandSchema,
  dungeoneer,
  DUNGEONEER_CODES,
  heuristicBot,
  progression,
  randomBot,
  type DungeoneerCommand,
  type DungeoneerOptions,
  type DungeoneerState,
} from '../src/index';
import { anyCommand } from './support';

const SRC = path.join(import.meta.dirname, '../src');

/** Tables that between them reach every command: the standard game, the optional rules and campaigns. */
const TABLES: readonly { options: DungeoneerOptions; seats: number }[] = [
  { options: {}, seats: 3 },
  { options: {}, seats: 2 },
  { options: { looting: true, wanderingPack: true, secretQuest: true }, seats: 3 },
  { options: { revealedMap: true }, seats: 2 },
  { options: { campaign: {} }, seats: 3 },
  { options: { respawn: true, wanderingPack: true }, seats: 4 },
  { options: { malevolentForce: true }, seats: 3 },
  { options: { campaign: {} }, seats: 2 },
];

/** A seeded game of bots (the heuristic on even tables, the random bot on odd ones), each seat from its own view. */
const botGame = (i: number) => ({
  ...(TABLES[i] ?? { options: {}, seats: 2 }),
  seed: `contract:${i}`,
  maxSteps: 3000,
  choose: (state: DungeoneerState, random: Random) => {
    const awaiting = dungeoneer.status(state).awaiting;
    if (awaiting.length === 0) return null;
    const seat = random.pick(awaiting);
    const command = (i % 2 === 0 ? heuristicBot : randomBot)(dungeoneer.view(state, { kind: 'seat', seat }), seat, random);
    return command ? { seat, command } : null;
  },
});

t.test('contract: every command, event, option and view field, and the character schemas, are described', async (t) => {
  for (const [name, schema] of Object.entries({
    optionsSchema: dungeoneer.optionsSchema,
    commandSchema: dungeoneer.commandSchema,
    eventSchema: dungeoneer.eventSchema,
    viewSchema: dungeoneer.viewSchema ?? {},
    characterOptions: progression.createSchema,
    characterCommands: progression.commandSchema,
    characterEvents: progression.eventSchema,
    sheetSchema: progression.sheetSchema,
  }))
    t.same(undescribed(schema), [], `${name} describes everything`);
  t.same(
    [progression.createSchema.title, progression.commandSchema.title, progression.sheetSchema.title],
    ['DungeoneerCharacterOptions', 'DungeoneerCharacterCommand', 'DungeoneerSheet'],
    'the character schemas are named, so the contract can publish them (and no sheet type meets the raid’s)',
  );
  t.equal(dungeoneer.seatCommandSchema, undefined, 'with no automaton, every command is a seat’s');
});

t.test('contract: every command carries an example that validates, and seeded games reach a state that accepts it', async (t) => {
  const variants = commandExamples(commandSchema);
  t.same(
    variants.filter((v) => v.examples.length === 0).map((v) => v.type),
    [],
    'every command variant has an example',
  );
  const examples = variants.flatMap((v) => v.examples) as DungeoneerCommand[];
  t.same(
    examples.filter((e) => !Value.Check(commandSchema, e)),
    [],
    'each example is a valid command',
  );
  t.same(
    unplayedExamples(
      dungeoneer,
      examples,
      TABLES.map((_, i) => botGame(i)),
    ),
    [],
    'each example is accepted by decide in some position of seeded games',
  );
  const [create] = (progression.createSchema as { examples?: unknown[] }).examples ?? [];
  t.ok(progression.create(create as { hero: string }).length > 0, 'the character options’ example creates a character');
  const [drop] = commandExamples(progression.commandSchema).flatMap((v) => v.examples);
  const carrying = { ...progression.initialState(), hero: 'brannoc', treasures: ['striding-boots'] };
  t.ok(progression.decide(drop as never, carrying).length > 0, 'the character command’s example drops a carried Treasure');
});

/** In the module's source (codes.ts aside): the codes passed to `fail`, and every string literal (a check may return its code). */
function sourceCodes(dir: string): { failed: Set<string>; literals: Set<string> } {
  const failed = new Set<string>();
  const literals = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name === 'codes.ts') continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const m of text.matchAll(/\bfail\(\s*'([a-z0-9-]+)'/g)) failed.add(m[1] ?? '');
    for (const m of text.matchAll(/'([a-z0-9-]+)'/g)) literals.add(m[1] ?? '');
  }
  return { failed, literals };
}

t.test('contract: a refusal code the rules give is published, and every published code is used', async (t) => {
  const published = new Set(Object.keys(DUNGEONEER_CODES));
  t.same(
    Object.keys(dungeoneer.codes ?? {}),
    [...published].map((code) => `dungeoneer/${code}`),
    'the module publishes the codes with their prefix',
  );
  const { failed, literals } = sourceCodes(SRC);
  t.same(
    [...published].filter((code) => !literals.has(code)),
    [],
    'every published code is used by the rules',
  );
  t.same(
    [...failed].filter((code) => !published.has(code)),
    [],
    `every code the source fails with is published (${failed.size} codes)`,
  );

  // Refusals met in play: commands of every type, legal or not, from every seat (and a non-seat), at every step.
  const seen = new Map<string, number>();
  const note = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
      seen.set(error.code, (seen.get(error.code) ?? 0) + 1);
    }
  };
  for (let i = 0; i < TABLES.length; i++) {
    const game = botGame(i);
    const probe = randomFor(`probe:${i}`, 0);
    note(() =>
      dungeoneer.decide({ type: 'Pass' }, dungeoneer.initialState(game.options, game.seats), {
        actor: { kind: 'seat', seat: 0 },
        random: probe,
      }),
    );
    playout(dungeoneer, {
      ...game,
      maxSteps: 600,
      onStep: ({ after }) => {
        for (let seat = 0; seat <= game.seats; seat++)
          for (let k = 0; k < 12; k++) {
            const command = anyCommand(after, seat % game.seats, probe);
            const actor = { kind: 'seat', seat } as const;
            if (!accepted(dungeoneer, after, actor, command)) note(() => dungeoneer.decide(command, after, { actor, random: probe }));
          }
        note(() => dungeoneer.decide({ type: 'Pass' }, after, { actor: { kind: 'automaton' }, random: probe }));
        note(() => dungeoneer.decide({ type: 'Nonsense' } as never, after, { actor: { kind: 'seat', seat: 0 }, random: probe }));
      },
    });
  }
  note(() => dungeoneer.checkSeats({}, 5));
  note(() => dungeoneer.checkSeats({ respawn: true, malevolentForce: true }, 2));
  note(() => progression.create({ hero: 'nobody' }));
  note(() => progression.decide({ type: 'DropTreasure', treasure: 'striding-boots' }, progression.initialState()));
  const codes = [...seen.keys()];
  t.same(
    codes.filter((code) => !(code in (dungeoneer.codes ?? {}))),
    [],
    `every refusal met is published (${codes.length} codes met)`,
  );
  t.ok(codes.length >= 40, `the probes meet most of the rules’ refusals: ${codes.join(', ')}`);
});
