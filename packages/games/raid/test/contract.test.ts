// What the raid publishes for clients (issue 30): every schema field described, every command's examples accepted by
// the rules somewhere in seeded raids, the seat commands without the Dungeon's steps, and every refusal code
// published and used.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { randomFor, RuleViolation, type Actor, type Random } from '@delve/kernel';
import { accepted, commandExamples, playout, undescribed, unplayedExamples } from '@delve/kernel/testing';
import {
  commandSchema,
  DIFFICULTIES,
  heuristicBot,
  raid,
  raidProgression,
  randomBot,
  RAID_CODES,
  seatCommandSchema,
  type RaidCommand,
  type RaidState,
} from '../src/index';
import { Raider } from './support';

const SRC = path.join(import.meta.dirname, '../src');

/** A random awaited raider plays one of the bots from its own view (the heuristic on even seeds). */
const botRaid = (i: number, seats = 1 + (i % 3)) => ({
  options: { difficulty: DIFFICULTIES[i % DIFFICULTIES.length] ?? 'novice' },
  seats,
  seed: `contract:${i}`,
  maxSteps: 1500,
  choose: (state: RaidState, random: Random) => {
    const seat = raid.status(state).awaiting[0];
    if (seat === undefined) return null;
    const bot = i % 2 === 0 ? heuristicBot : randomBot;
    const command = bot(raid.view(state, { kind: 'seat', seat }), seat, random);
    return command ? { seat, command } : null;
  },
});

t.test('contract: every command, event, option and view field, and the character schemas, are described', async (t) => {
  const p = raidProgression;
  for (const [name, schema] of Object.entries({
    optionsSchema: raid.optionsSchema,
    commandSchema: raid.commandSchema,
    seatCommandSchema,
    eventSchema: raid.eventSchema,
    viewSchema: raid.viewSchema ?? {},
    characterOptions: p.createSchema,
    characterCommands: p.commandSchema,
    characterEvents: p.eventSchema,
    sheetSchema: p.sheetSchema,
  }))
    t.same(undescribed(schema), [], `${name} describes everything`);
  t.same(
    [p.createSchema.title, p.commandSchema.title, p.sheetSchema.title],
    ['RaidCharacterOptions', 'RaidCharacterCommand', 'RaidSheet'],
    'the character schemas are named, so the contract can publish them',
  );
  const titles: string[] = [];
  const walk = (s: unknown): void => {
    if (Array.isArray(s)) s.forEach(walk);
    else if (s && typeof s === 'object') {
      const title = (s as { title?: unknown }).title;
      if (typeof title === 'string') titles.push(title);
      Object.values(s).forEach(walk);
    }
  };
  walk([p.createSchema, p.commandSchema, p.sheetSchema]);
  t.same(
    titles.filter((title) => !title.startsWith('Raid')),
    [],
    `every named type of the sheet and commands is the raid’s own (${titles.length} titles)`,
  );
});

t.test('contract: every command carries an example that validates, and seeded raids reach a state that accepts it', async (t) => {
  const variants = commandExamples(commandSchema);
  t.same(
    variants.filter((v) => v.examples.length === 0).map((v) => v.type),
    [],
    'every command variant has an example',
  );
  const examples = variants.flatMap((v) => v.examples) as RaidCommand[];
  t.same(
    examples.filter((e) => !Value.Check(commandSchema, e)),
    [],
    'each example is a valid command',
  );
  t.same(
    unplayedExamples(
      raid,
      examples,
      Array.from({ length: 8 }, (_, i) => botRaid(i, 3)),
    ),
    [],
    'each example is accepted by decide in some position of seeded raids (a seat’s from a seat, a Dungeon step from its automaton)',
  );
  const [character] = commandExamples(raidProgression.commandSchema).flatMap((v) => v.examples);
  const raider = new Raider('guardian');
  raider.reach(10);
  t.ok(raidProgression.decide(character as never, raider.state).length > 0, 'the character command’s example is accepted at level 10');
  t.same(
    Value.Check(raidProgression.createSchema, (raidProgression.createSchema as { examples?: unknown[] }).examples?.[0]),
    true,
    'and the character options’ example validates',
  );
});

t.test('contract: a seat may send every command but the Dungeon’s steps, which are refused from a seat', async (t) => {
  const all = commandExamples(commandSchema).map((v) => v.type);
  const seat = commandExamples(seatCommandSchema).map((v) => v.type);
  const dungeon = all.filter((type) => !seat.includes(type));
  t.same(dungeon, ['StartDungeonTurn', 'MarkHero', 'FlipCard', 'ResolveFlip', 'DeclareAttack', 'ResolveAttack', 'EndDungeonTurn']);
  const { state } = playout(raid, { ...botRaid(0), maxSteps: 20 });
  for (const type of dungeon) {
    const example = commandExamples(commandSchema).find((v) => v.type === type)?.examples[0] as RaidCommand;
    t.throws(
      () => raid.decide(example, state, { actor: { kind: 'seat', seat: 0 }, random: randomFor('x', 0) }),
      { code: 'raid/dungeon-only' },
      `${type} is the automaton’s`,
    );
  }
});

/** Every code passed to `fail` or `problem` in the module's source. */
function codesInSource(dir: string): Set<string> {
  const out = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const m of text.matchAll(/\b(?:fail|problem)\(\s*'([a-z0-9-]+)'/g)) out.add(m[1] ?? '');
  }
  return out;
}

/** Commands of every type, well-formed or not, built from what lies on the table: legal ones and many that are not. */
function probes(s: RaidState, r: Random): RaidCommand[] {
  const ids = [
    ...s.raiders.flatMap((x) => [...x.hand, ...x.allies.map((a) => a.id), ...x.resources.map((g) => g.id), `h${x.seat}`]),
    ...s.dungeon.allies.map((a) => a.id),
    ...s.dungeon.graveyard,
    'dh',
    'h5',
    'd1',
    'r0-1',
    'zz',
  ];
  const id = () => r.pick(ids);
  return [
    { type: 'Mulligan' },
    { type: 'KeepHand' },
    { type: 'PlaceResource', card: id() },
    { type: 'PlayCard', card: id() },
    { type: 'PlayCard', card: id(), target: id() },
    { type: 'Attack', attacker: id(), target: id() },
    { type: 'Protect', ally: id() },
    { type: 'Pass' },
    { type: 'EndTurn' },
    { type: 'Discard', card: id() },
    { type: 'Concede' },
    { type: 'StartDungeonTurn' },
    { type: 'MarkHero' },
    { type: 'FlipCard' },
    { type: 'ResolveFlip' },
    { type: 'DeclareAttack', attacker: id(), target: id() },
    { type: 'ResolveAttack' },
    { type: 'EndDungeonTurn' },
    { type: 'Nonsense' } as unknown as RaidCommand,
  ];
}

t.test('contract: a refusal code the rules give is published, and every published code is used', async (t) => {
  const published = new Set(Object.keys(RAID_CODES));
  t.same(
    Object.keys(raid.codes ?? {}),
    [...published].map((code) => `raid/${code}`),
    'the module publishes the codes with their prefix',
  );
  t.ok(
    Object.values(raid.codes ?? {}).every((meaning) => meaning.length > 10),
    'each with its meaning',
  );
  const used = codesInSource(SRC);
  t.same(
    [...used].filter((code) => !published.has(code)),
    [],
    'every code in the source is published',
  );
  t.same(
    [...published].filter((code) => !used.has(code)),
    [],
    'every published code is used by the rules',
  );

  // Refusals met in play: every command type, legal or not, from every seat and from the automaton, at every step.
  const seen = new Map<string, number>();
  const note = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
      seen.set(error.code, (seen.get(error.code) ?? 0) + 1);
    }
  };
  for (let i = 0; i < 6; i++) {
    const game = botRaid(i);
    const probe = randomFor(`probe:${i}`, 0);
    const actors: Actor[] = [
      ...Array.from({ length: game.seats + 1 }, (_, seat): Actor => ({ kind: 'seat', seat })),
      { kind: 'automaton' },
    ];
    note(() => raid.decide({ type: 'Pass' }, raid.initialState(game.options, game.seats), { actor: actors[0] as Actor, random: probe }));
    playout(raid, {
      ...game,
      onStep: ({ after }) => {
        for (const command of probes(after, probe))
          for (const actor of actors)
            if (!accepted(raid, after, actor, command)) note(() => raid.decide(command, after, { actor, random: probe }));
      },
    });
  }
  note(() => raid.checkSeats({}, 4));
  note(() => raid.checkSeats({ classes: ['guardian'] }, 2));
  const raider = new Raider('guardian');
  for (const command of [
    { type: 'SpendUnlock', level: 10, picks: [{ card: 'river-scout' }] },
    { type: 'SpendUnlock', level: 20, picks: [{ card: 'no-such-card' }] },
  ])
    note(() => raidProgression.decide(command as never, raider.state));
  const codes = [...seen.keys()];
  t.same(
    codes.filter((code) => !(code in (raid.codes ?? {}))),
    [],
    `every refusal met is published (${codes.length} codes met: ${codes.join(', ')})`,
  );
  t.ok(codes.length >= 20, 'the probes meet most of the rules’ refusals');
});
