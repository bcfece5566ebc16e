// kill -9 of `npm start` while three raiders play raids (heuristic bots on every seat, over HTTP): after the
// restarts each raid is one run on each raider's sheet, with the XP of the experience table, never counted twice.
import type { RaidSheet } from '@delve/game-raid';
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import t from 'tap';
import { expectedRuns, playRaid, type RaidResult, type Request } from './support/raid';
import { freePort, httpAs as http, startServer as spawnServer, until, type ServerProcess } from './support/processes';

const startServer = (databaseUrl: string, port: number) =>
  spawnServer({ DATABASE_URL: databaseUrl, GAME_PACKAGES: '@delve/game-raid' }, port);

t.test('kill -9 mid-way through raids: each raid is recorded once on each raider, with the table’s XP', async (t) => {
  const dbServer = await startTestDatabaseServer();
  t.teardown(() => dbServer.stop());
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const port = await freePort();
  let server: ServerProcess = await startServer(db.url, port);
  t.teardown(() => server.child.kill('SIGKILL'));
  const restart = async (): Promise<void> => {
    server.child.kill('SIGKILL');
    await server.exited;
    server = await startServer(db.url, port);
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

  const request: Request = (method, path, body, token) => http(server.base, method, path, body, token);

  const finished: { gameId: string; result: RaidResult }[] = [];
  const kills: string[] = [];
  // Legendary raids are short: the Dungeon starts at level 3 and goes first.
  const plan = [
    { dungeon: 'drowned-crypt', kill: 'right after' },
    { dungeon: 'drowned-crypt', kill: 'in the middle of' },
    { dungeon: 'emberforge-depths', kill: null },
  ] as const;
  for (const [round, { dungeon, kill }] of plan.entries()) {
    const game = (await http(server.base, 'POST', '/games', { module: 'raid', seats: 3, options: { dungeon, difficulty: 'legendary' } }))
      .body;
    const tokens: string[] = [];
    for (const [seat, character] of raiders.entries()) {
      const claimed = await http(server.base, 'POST', `/games/${game.id}/seats`, { seat, character }, ada.key);
      t.equal(claimed.status, 201, `raid ${round + 1}: seat ${seat} claimed with its raider`);
      tokens.push(claimed.body.token);
    }
    const killMidway = async (step: number) => {
      if (kill === 'in the middle of' && step === 30) await restart();
    };
    const final = await playRaid(request, { id: game.id, tokens }, `crash-${round}`, { beforeStep: killMidway });
    finished.push({ gameId: game.id, result: final.result as RaidResult });
    // Killed at once after the last command, the outcome recorder has at most begun recording the raid.
    if (kill === 'right after') await restart();
    if (kill) kills.push(`${kill} raid ${round + 1}`);
  }

  const expected = expectedRuns(finished).map(({ gameId, xp }) => ({ gameId, xp }));
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
