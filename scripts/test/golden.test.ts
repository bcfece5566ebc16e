// The golden corpus: every shipped module's recorded games re-run to the same events under its current rules
// version. A change that alters outcomes fails here until the rules version is bumped and `npm run golden` records
// the new version's corpus.
import { existsSync, readFileSync } from 'node:fs';
import { replayGolden, type GoldenCorpus } from '@delve/kernel/testing';
import t from 'tap';
import { loadModules } from '../../apps/server/src/modules';
import { corpusPath } from '../goldenTables';

for (const module of Object.values(await loadModules())) {
  t.test(`${module.name} rules ${module.rulesVersion}: the golden games re-run to the recorded events`, async (t) => {
    const file = corpusPath(module.name, module.rulesVersion);
    if (!existsSync(file)) {
      t.fail(`no golden corpus for ${module.name} rules version ${module.rulesVersion}: run npm run golden and commit it`);
      return;
    }
    const corpus = JSON.parse(readFileSync(file, 'utf8')) as GoldenCorpus;
    t.equal(corpus.rulesVersion, module.rulesVersion);
    t.ok(corpus.games.length >= 2, 'a handful of games');
    for (const [i, game] of corpus.games.entries()) {
      const departure = replayGolden(module, game);
      t.equal(departure, null, `game ${i + 1} (${game.seats} seats, seed ${game.seed}) reproduces its ${game.events.length} events`, {
        hint: 'the rules changed an outcome: bump the module rulesVersion and run npm run golden',
      });
    }
  });
}

t.test('a changed outcome is caught: the corpus of one module fails against a module whose rules differ', async (t) => {
  const { toyGame } = await import('@delve/kernel/testing');
  const { recordGolden } = await import('@delve/kernel/testing');
  const corpus = recordGolden(toyGame, [{ options: {}, seats: 2, seed: 'golden-toy' }]);
  const game = corpus.games[0];
  if (!game) throw new Error('no game recorded');
  t.equal(replayGolden(toyGame, game), null, 'the same rules reproduce it');
  // The same game under rules that deal from the other end of the shuffled deck.
  const changed = {
    ...toyGame,
    setup: (s: never, r: never, seating: never) =>
      toyGame.setup(s, r, seating).map((e) => (e.type === 'DeckShuffled' ? { ...e, order: [...e.order].reverse() } : e)),
  };
  t.match(replayGolden(changed, game), { reason: /differs/ }, 'changed rules are caught');
});
