import { randomBytes, randomUUID } from 'node:crypto';
import t from 'tap';
import type { AnyGameModule, Message } from '../src/module';
import { gameServices, gameStream } from '../src/index';
import { InMemoryEventStore, toyGame } from '../src/testing/index';

/** Version 2 of the toy game renames CardDrawn.card to CardDrawn.value; old streams must still fold. */
const toyV2: AnyGameModule = {
  ...toyGame,
  eventVersion: 2,
  upcast(event: Message, writtenAt: number) {
    if (writtenAt < 2 && event.type === 'CardDrawn') {
      const { card, ...rest } = event as unknown as { card: number };
      return { ...rest, value: card };
    }
    return event;
  },
  evolve(state: never, event: Message) {
    const e = event as { type: string; value?: number };
    return toyGame.evolve(state, e.type === 'CardDrawn' ? ({ ...e, card: e.value } as never) : (event as never));
  },
};

t.test('events written under an older schema version are upcast on read and never rewritten', async (t) => {
  const store = new InMemoryEventStore();
  const deps = { store, clock: () => new Date(0), newId: randomUUID, newSecret: () => randomBytes(8).toString('hex') };
  const v1 = gameServices({ ...deps, modules: { toy: toyGame } });
  const { gameId } = await v1.lobby.createGame({ module: 'toy', seats: 1 });
  await v1.lobby.claimSeat(gameId);
  await v1.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const before = await v1.reads.view(gameId, { kind: 'seat', seat: 0 });

  const v2 = gameServices({ ...deps, modules: { toy: toyV2 } });
  t.same(await v2.reads.view(gameId, { kind: 'seat', seat: 0 }), before, 'the v2 module folds the v1 stream to the same state');
  const log = await v2.reads.events(gameId, { kind: 'seat', seat: 0 });
  t.match(log.find((e) => e.type === 'CardDrawn')?.data, { value: Number });
  const stored = (await store.readStream(gameStream(gameId))).find((e) => e.type === 'CardDrawn');
  t.match(stored?.data, { card: Number }, 'the stored event keeps its original shape');
  t.equal(stored?.metadata.eventVersion, 1);
  await v2.commands.execute(gameId, { type: 'Stand' }, { seat: 0 });
  const last = (await store.readStream(gameStream(gameId))).find((e) => e.type === 'Stood');
  t.equal(last?.metadata.eventVersion, 2, 'new events are written under the current version');
});

t.test('a game created under rules this server no longer runs is retired: no moves, no views, an honest audit', async (t) => {
  const store = new InMemoryEventStore();
  const deps = { store, clock: () => new Date(0), newId: randomUUID, newSecret: () => randomBytes(16).toString('hex') };
  const old = gameServices({ ...deps, modules: { toy: toyGame } });
  const { gameId } = await old.lobby.createGame({ module: 'toy', seats: 2 });
  const claim = await old.lobby.claimSeat(gameId);
  await old.lobby.claimSeat(gameId);
  await old.commands.execute(gameId, { type: 'Stand' }, { seat: 0 });
  // The server is upgraded: the toy's rules are now version 2.
  const now = gameServices({ ...deps, modules: { toy: { ...toyGame, rulesVersion: '2' } } });
  const summary = await now.reads.summary(gameId);
  t.match(summary, { status: 'active', rulesVersion: '1', awaiting: [] }, 'the summary still reads');
  t.equal(await now.reads.authenticate(gameId, claim.token), 0);
  await t.rejects(now.commands.execute(gameId, { type: 'Stand' }, { seat: 1 }), { code: 'game/rules-retired' });
  await t.rejects(now.reads.view(gameId, { kind: 'seat', seat: 0 }), { code: 'game/rules-retired' });
  t.same(await now.reads.legalCommands(gameId, 1), []);
  await now.lobby.abandonGame(gameId);
  const audit = await now.audit.audit(gameId);
  t.match(audit, { verdict: 'rules-unavailable', verified: false, rulesVersion: { played: '1', running: '2' } });
  t.ok(
    (await now.reads.events(gameId, { kind: 'spectator' })).some((e) => e.type === 'Stood'),
    'the ended game’s log is shown whole',
  );
});
