// kill -9 of the server process while characters play: after a restart every finished game appears exactly once on
// each seated character's sheet, whatever the kill interrupted (a move, the outcome recorder, a projection).
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import t from 'tap';
import { freePort, httpAs as http, startServer as spawnServer, until } from './support/processes';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const startServer = (databaseUrl: string, port: number) => spawnServer({ DATABASE_URL: databaseUrl }, port);

t.test('kill -9 mid-way through a series of games: each game lands on each character exactly once', async (t) => {
  const dbServer = await startTestDatabaseServer();
  t.teardown(() => dbServer.stop());
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const port = await freePort();
  let server = await startServer(db.url, port);
  t.teardown(() => server.child.kill('SIGKILL'));

  const ada = (await http(server.base, 'POST', '/players', { name: 'Ada' })).body;
  const characters: string[] = [];
  for (const name of ['One', 'Two']) {
    characters.push((await http(server.base, 'POST', '/characters', { module: 'toy', name }, ada.key)).body.id as string);
  }
  const finished: string[] = [];
  const kills: string[] = [];
  for (let round = 0; round < 4; round++) {
    // Both characters are free once the previous game's outcome is recorded (possibly by a restarted server).
    for (const id of characters) {
      await until(`character ${id} to be free`, async () =>
        (await http(server.base, 'GET', `/characters/${id}`)).body.seatedIn === null ? true : null,
      );
    }
    const game = (await http(server.base, 'POST', '/games', { module: 'toy', seats: 2 })).body;
    const tokens: string[] = [];
    for (const [seat, character] of characters.entries()) {
      tokens.push((await http(server.base, 'POST', `/games/${game.id}/seats`, { seat, character }, ada.key)).body.token as string);
    }
    for (let guard = 0; guard < 20; guard++) {
      const summary = (await http(server.base, 'GET', `/games/${game.id}`)).body;
      if (summary.status !== 'active') break;
      const seat = summary.awaiting[0] as number;
      const sent = await http(server.base, 'POST', `/games/${game.id}/commands`, { type: 'Stand' }, tokens[seat]);
      t.equal(sent.status, 200, 'the stand is accepted');
    }
    finished.push(game.id as string);
    // Kill at once after the last move of some games: the outcome recorder has at most begun recording it.
    if (round % 2 === 0) {
      server.child.kill('SIGKILL');
      await server.exited;
      kills.push(`after game ${round + 1}`);
      server = await startServer(db.url, port);
    }
  }
  for (const id of characters) {
    const sheet = await until(`every game on character ${id}`, async () => {
      const body = (await http(server.base, 'GET', `/characters/${id}`)).body;
      return body.games.length >= finished.length ? body : null;
    });
    t.same(
      sheet.games.map((g: Json) => g.gameId),
      finished,
      `character ${id}: each game exactly once, across ${kills.length} kill -9s`,
    );
    t.equal(sheet.sheet.games.length, finished.length, 'the progression recorded each game once too');
  }
  server.child.kill('SIGTERM');
  await server.exited;
});
