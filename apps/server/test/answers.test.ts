// What a command answers: the game's summary after it (status, awaited seats, winners, clock), over REST and GraphQL,
// so a client needs no second read per move; the last move says who won.
import t from 'tap';
import { call, graphql } from './support/http';
import { testApp } from './support/app';

t.test("a command's answer carries the game's summary after it, to the last move and its winners", async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const game = (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } })).body;
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) tokens.push((await call(t, ctx.app, 'POST', `/games/${game.id}/seats`, { payload: {} })).body.token);

  const drew = await call(t, ctx.app, 'POST', `/games/${game.id}/commands`, { token: tokens[0] as string, payload: { type: 'Draw' } });
  const now = (await call(t, ctx.app, 'GET', `/games/${game.id}`)).body;
  t.same(drew.body.game, now, 'the summary is the one GET /games/{id} gives right after');
  t.equal(drew.body.game.revision, drew.body.revision, 'at the revision the command reached');
  t.same(drew.body.game.awaiting, [1], 'the next seat is awaited');

  const stopped = await graphql(
    ctx.app,
    'mutation($g: ID!) { sendCommand(gameId: $g, command: { type: "Stop" }) { revision game { status awaiting winners revision } } }',
    { g: game.id },
    tokens[1],
  );
  t.same(stopped.body.data.sendCommand.game, {
    status: 'active',
    awaiting: [0],
    winners: null,
    revision: stopped.body.data.sendCommand.revision,
  });

  const last = await call(t, ctx.app, 'POST', `/games/${game.id}/commands`, { token: tokens[0] as string, payload: { type: 'Stop' } });
  t.equal(last.body.game.status, 'finished', 'the last move says the game is over');
  t.same(last.body.game.awaiting, []);
  t.same(last.body.game.winners, (await call(t, ctx.app, 'GET', `/games/${game.id}`)).body.winners, 'and who won');
});
