// What the module publishes for clients, held against what it does: its refusal codes, its command examples and its
// content (the cards).
import t from 'tap';
import { randomFor } from '@delve/kernel';
import {
  botsChoose,
  codesInSource,
  exampleProblems,
  commandExamples,
  playingOn,
  refusalCodes,
  unplayedExamples,
  type PlayoutOptions,
} from '@delve/kernel/testing';
import {
  allCards,
  commandSchema,
  dungeon,
  heuristicBot,
  randomBot,
  type DungeonCommand,
  type DungeonEvent,
  type DungeonOptions,
  type DungeonState,
} from '../src/index';
import { PLAYOUT_CONFIGS, randomCommand } from './support';

type Game = PlayoutOptions<DungeonCommand, DungeonEvent, DungeonState, DungeonOptions>;
const published = new Set(Object.keys(dungeon.codes ?? {}));

t.test('codes: the source refuses with exactly the codes the module publishes, each with a meaning', async (t) => {
  t.same([...codesInSource('dungeon', new URL('../src/', import.meta.url))].sort(), [...published].sort());
  for (const [code, meaning] of Object.entries(dungeon.codes ?? {})) t.ok(meaning.length > 10, `${code} says what it means`);
});

t.test('codes: every refusal decide gives to commands of every type in seeded games of every variant is published', async (t) => {
  const games: Game[] = PLAYOUT_CONFIGS.flatMap((config) =>
    config.seats.map((seats) => ({ options: config.options, seats, seed: `codes:${config.name}:${seats}`, maxSteps: 600 })),
  );
  // Every command type, with cards, seats and ranks that may or may not fit, a few times per seat and step.
  const seen = refusalCodes(dungeon, games, (state, seat, random) => Array.from({ length: 6 }, () => randomCommand(state, seat, random)));
  const before = dungeon.initialState({}, 2);
  const automaton = (() => {
    try {
      dungeon.decide({ type: 'Pass' }, before, { actor: { kind: 'automaton' }, random: randomFor('codes', 0) });
    } catch (error) {
      return (error as { code?: string }).code;
    }
  })();
  const codes = [...seen.keys(), automaton];
  for (const code of codes) t.ok(code !== undefined && published.has(code), `${code} is published`, { command: seen.get(code ?? '') });
  // The rest guard what random commands at a dealt table do not reach (the lobby, seat counts, an unknown type).
  t.ok(seen.size >= 15, `${seen.size} different refusals met`);
  t.comment(`not met: ${[...published].filter((code) => !codes.includes(code)).join(', ')}`);
});

t.test('examples: every command carries an example that is a valid command', async (t) => {
  t.same(exampleProblems(commandSchema), []);
});

t.test('examples: decide accepts each command example at some position of seeded games', async (t) => {
  const variants: DungeonOptions[] = [
    { variant: 'standard', suicideQueen: true, counterAttack: 3 },
    { variant: 'jokers-wild', counterAttack: 3 },
    { variant: 'pitch-black', counterAttack: 3 },
  ];
  const games: Game[] = [
    ...Array.from({ length: 24 }, (_, i) => ({
      options: variants[i % 3] ?? {},
      seats: 2 + (i % 3),
      seed: `examples:${i}`,
      maxSteps: 1500,
      choose: playingOn(dungeon),
    })),
    // Saving a Joker passage needs one laid, caved in, and a card of its value at hand: the heuristic bot lays them.
    ...Array.from({ length: 10 }, (_, i) => ({
      options: { variant: 'jokers-wild' } as const,
      seats: 2,
      seed: `hj${i}`,
      maxSteps: 3000,
      choose: botsChoose(dungeon, i % 2 ? [heuristicBot] : [heuristicBot, randomBot]),
    })),
  ];
  const examples = commandExamples(commandSchema).flatMap((v) => v.examples) as DungeonCommand[];
  t.same(unplayedExamples(dungeon, examples, games), [], 'no example is left unplayed');
});

t.test('content: one item per card a game may use, named and explained as the module uses it', async (t) => {
  const content = dungeon.content ?? [];
  t.same(
    content.map((c) => c.id),
    allCards(dungeon.initialState({ decks: 2 }, 2).options),
    'both decks, Jokers included',
  );
  const byId = new Map(content.map((c) => [c.id, c]));
  t.match(byId.get('AS'), { name: 'Ace of Spades', type: 'ace', rarity: null, stats: { rank: 1, suit: 'S', deck: 1 } });
  t.match(byId.get('10D.2'), { name: 'Ten of Diamonds (second deck)', type: 'passage', stats: { rank: 10, deck: 2 } });
  t.match(byId.get('JC'), { type: 'creature', text: /Graverobber, combat value 11/ });
  t.match(byId.get('QH'), { type: 'creature', text: /Myrmiddon, combat value 12/ });
  t.match(byId.get('KS'), { type: 'creature', text: /Wight, combat value 13/ });
  t.match(byId.get('X1'), { name: 'Joker 1', type: 'joker', stats: { rank: 0, suit: null } });
  t.match(byId.get('2H'), { type: 'passage', text: /escapes/ });
});
