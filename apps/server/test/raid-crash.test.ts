// kill -9 of `npm start` while three raiders play raids (heuristic bots on every seat, over HTTP): after the
// restarts each raid is one run on each raider's sheet, with the XP of the experience table, never counted twice.
import { heuristicBot, type RaidSheet, type RaidView } from '@delve/game-raid';
import { randomFor } from '@delve/kernel';
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import t from 'tap';
import { freePort, http, startServer, until, type RunningServer } from './support/server';

type Result = NonNullable<RaidView['result']>;

/** The experience table (wow-tcg-dungeon-decks.txt, Level Up Rules): the oracle for the sheets. */
const tableXp = (result: Result, first: boolean): number =>
  (first ? 5 : 2) +
  (result.dungeonHeroDestroyed ? 5 : result.damageDealt * 2 >= result.health ? 2 : 0) +
  2 * new Set(result.bossesDestroyed.map((b) => b.card)).size;

t.test('kill -9 mid-way through raids: each raid is recorded once on each raider, with the table’s XP', async (t) => {
  const dbServer = await startTestDatabaseServer();
  t.teardown(() => dbServer.stop());
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const port = await freePort();
  let server: RunningServer = await startServer(db.url, port, '@delve/game-raid');
  t.teardown(() => server.child.kill('SIGKILL'));
  const restart = async (): Promise<void> => {
    server.child.kill('SIGKILL');
    await server.exited;
    server = await startServer(db.url, port, '@delve/game-raid');
  };

  const ada = (await http(server.base, 'POST', '/players', { name: 'Ada' })).body;
  const raiders: string[] = [];
  for (const [name, cls] of [
    ['Hilde', 'guardian'],
    ['Ossian', 'pyromancer'],
    ['Maera', 'mender'],
  ]) {
    raiders.push((await http(server.base, 'POST', '/characters', { module: 'raid', name, options: { class: cls } }, ada.key)).body.id);
  }

  /** Heuristic bots play the awaited seat until the raid ends; `killAt` kills the server after that many commands. */
  const play = async (gameId: string, tokens: readonly string[], label: string, killAt: number | null): Promise<Result> => {
    // Who is awaited comes with each command's answer (the sender's view).
    let awaiting: readonly number[] = (await http(server.base, 'GET', `/games/${gameId}`)).body.awaiting;
    for (let step = 0; awaiting.length > 0; step++) {
      if (step > 4000) throw new Error(`${label}: the raid did not end`);
      if (step === killAt) await restart();
      const seat = awaiting[0] as number;
      const token = tokens[seat] as string;
      const view = (await http(server.base, 'GET', `/games/${gameId}/view`, undefined, token)).body.view as RaidView;
      const command = heuristicBot(view, seat, randomFor(label, step));
      const sent = await http(server.base, 'POST', `/games/${gameId}/commands`, command, token);
      if (sent.status !== 200) throw new Error(`${label}: ${JSON.stringify(command)} refused: ${JSON.stringify(sent.body)}`);
      awaiting = (sent.body.view as RaidView).awaiting;
    }
    const view = (await http(server.base, 'GET', `/games/${gameId}/view`, undefined, tokens[0])).body.view as RaidView;
    if (!view.result) throw new Error(`${label}: nobody is awaited, yet the raid has no result`);
    return view.result;
  };

  const finished: { gameId: string; result: Result }[] = [];
  const kills: string[] = [];
  // Legendary raids are short: the Dungeon starts at level 3 and goes first.
  const plan = [
    { dungeon: 'drowned-crypt', killAt: null, killAfter: true },
    { dungeon: 'drowned-crypt', killAt: 30, killAfter: false },
    { dungeon: 'emberforge-depths', killAt: null, killAfter: false },
  ];
  for (const [round, { dungeon, killAt, killAfter }] of plan.entries()) {
    const game = (await http(server.base, 'POST', '/games', { module: 'raid', seats: 3, options: { dungeon, difficulty: 'legendary' } }))
      .body;
    const tokens: string[] = [];
    for (const [seat, character] of raiders.entries()) {
      const claimed = await http(server.base, 'POST', `/games/${game.id}/seats`, { seat, character }, ada.key);
      t.equal(claimed.status, 201, `raid ${round + 1}: seat ${seat} claimed with its raider`);
      tokens.push(claimed.body.token);
    }
    finished.push({ gameId: game.id, result: await play(game.id, tokens, `crash-${round}`, killAt) });
    if (killAt !== null) kills.push(`in the middle of raid ${round + 1}`);
    // Kill at once after the last command: the outcome recorder has at most begun recording the raid.
    if (killAfter) {
      await restart();
      kills.push(`right after raid ${round + 1}`);
    }
  }

  const seen = new Set<string>();
  const expected = finished.map(({ gameId, result }) => {
    const first = !seen.has(result.dungeon);
    seen.add(result.dungeon);
    return { gameId, xp: tableXp(result, first) };
  });
  for (const id of raiders) {
    const character = await until(`every raid on raider ${id}`, async () => {
      const body = (await http(server.base, 'GET', `/characters/${id}`)).body;
      return (body.sheet as RaidSheet).runs.length >= finished.length ? body : null;
    });
    const sheet = character.sheet as RaidSheet;
    t.same(
      sheet.runs.map((r) => ({ gameId: r.gameId, xp: r.xp })),
      expected,
      `raider ${id}: each raid once with the table’s XP, across ${kills.length} kill -9s (${kills.join(', ')})`,
    );
    t.same(
      character.games.map((g: { gameId: string }) => g.gameId),
      finished.map((f) => f.gameId),
      'the kernel recorded each game once too',
    );
    t.equal(
      sheet.xp,
      expected.reduce((sum, e) => sum + e.xp, 0),
    );
  }
  server.child.kill('SIGTERM');
  await server.exited;
});
