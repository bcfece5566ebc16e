import { createHash, randomUUID } from 'node:crypto';
import t from 'tap';
import { ConflictError, ForbiddenError, NotFoundError, RuleViolation, ValidationError, WrongExpectedVersionError } from '../src/errors';
import { type GameServices, gameServices, gameStream } from '../src/index';
import type { EventStore } from '../src/store';
import { InMemoryEventStore, toyGame } from '../src/testing/index';
import { recordingReads, serviceOn } from './support';

async function startedGame(games: GameServices, seats = 2) {
  const { gameId } = await games.lobby.createGame({ module: 'toy', options: {}, seats });
  const tokens: string[] = [];
  for (let i = 0; i < seats; i++) tokens.push((await games.lobby.claimSeat(gameId, { name: `p${i}` })).token);
  return { gameId, tokens };
}

/** Play until the game ends: each awaited seat draws while it can, then stands. */
async function playOut(games: GameServices, gameId: string) {
  for (let guard = 0; guard < 100; guard++) {
    const summary = await games.reads.summary(gameId);
    if (summary.status !== 'active') return summary;
    const seat = summary.awaiting[0] as number;
    const [first] = await games.reads.legalCommands(gameId, seat);
    await games.commands.execute(gameId, first, { seat });
  }
  throw new Error('game did not end');
}

t.test('lobby: create, claim every seat, the deal runs and the game becomes active', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  const { gameId } = await startedGame(games);
  const summary = await games.reads.summary(gameId);
  t.equal(summary.status, 'active');
  t.same(summary.awaiting, [0]);
  t.same(
    summary.seats.map((s) => s.name),
    ['p0', 'p1'],
  );
  const types = (await store.readStream(gameStream(gameId))).map((e) => e.type);
  t.same(types, ['GameCreated', 'SeatClaimed', 'SeatClaimed', 'GameStarted', 'DeckShuffled']);
});

t.test('lobby: bad module, options and seat counts are rejected before anything is written', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  await t.rejects(games.lobby.createGame({ module: 'chess', seats: 2 }), ValidationError);
  await t.rejects(games.lobby.createGame({ module: 'toy', options: { maxCards: 99 }, seats: 2 }), { code: 'game/bad-options' });
  await t.rejects(games.lobby.createGame({ module: 'toy', options: { colour: 'red' }, seats: 2 }), { code: 'game/bad-options' });
  await t.rejects(games.lobby.createGame({ module: 'toy', seats: 7 }), RuleViolation);
  t.same(await store.readAll(), [], 'nothing written');
  const { gameId } = await games.lobby.createGame({ module: 'toy', seats: 1 });
  t.equal(
    (await store.readStream(gameStream(gameId)))[0]?.data &&
      ((await store.readStream(gameStream(gameId)))[0]?.data as { options: { maxCards: number } }).options.maxCards,
    3,
    'defaults applied to options',
  );
});

t.test('lobby: a seat cannot be claimed twice, nor after the start; no start with an empty seat', async (t) => {
  const games = serviceOn(new InMemoryEventStore());
  const { gameId } = await games.lobby.createGame({ module: 'toy', seats: 3 });
  await games.lobby.claimSeat(gameId, { seat: 1 });
  await t.rejects(games.lobby.claimSeat(gameId, { seat: 1 }), { code: 'game/seat-taken' });
  await t.rejects(games.lobby.claimSeat(gameId, { seat: 5 }), { code: 'game/no-such-seat' });
  t.equal((await games.lobby.claimSeat(gameId)).seat, 0, 'the first free seat by default');
  await t.rejects(games.lobby.startGame(gameId), { code: 'game/seats-empty', message: /seat 2 is empty.*or create a game of 2 seats/ });
  await games.lobby.claimSeat(gameId);
  t.equal((await games.reads.summary(gameId)).status, 'active', 'the last claim starts the game');
  await t.rejects(games.lobby.startGame(gameId), { code: 'game/not-open' });
  await t.rejects(games.lobby.claimSeat(gameId, { seat: 0 }), { code: 'game/not-open' });
  await games.lobby.abandonGame(gameId, 0);
  t.equal((await games.reads.summary(gameId)).status, 'abandoned');
  await t.rejects(games.commands.execute(gameId, { type: 'Stand' }, { seat: 0 }), { code: 'game/not-active' });
});

t.test('tokens: a seat token authenticates its own seat only; a wrong token is refused', async (t) => {
  const games = serviceOn(new InMemoryEventStore());
  const { gameId, tokens } = await startedGame(games);
  t.equal(await games.reads.authenticate(gameId, tokens[1] as string), 1);
  await t.rejects(games.reads.authenticate(gameId, 'not-a-token'), ForbiddenError);
  const other = await startedGame(games);
  await t.rejects(games.reads.authenticate(other.gameId, tokens[0] as string), ForbiddenError, "another game's token");
});

t.test('tokens: a write trusts a token the cached game knows; a read, or a token it does not know, is checked on the store', async (t) => {
  const { store, reads } = recordingReads(new InMemoryEventStore());
  const writer = serviceOn(store);
  const { gameId, tokens } = await startedGame(writer);
  reads.length = 0;
  t.equal(await writer.reads.authenticate(gameId, tokens[0] as string, { cached: true }), 0);
  t.equal(reads.length, 0, 'the node that claimed the seat knows the token (a write checks it again where it decides)');
  t.equal(await writer.reads.authenticate(gameId, tokens[0] as string), 0);
  t.equal(reads.length, 1, 'a read checks it on the caught-up game (it may have been revoked elsewhere)');
  await t.rejects(writer.reads.authenticate(gameId, 'not-a-token', { cached: true }), ForbiddenError);
  t.equal(reads.length, 2, 'an unknown token is looked for in the caught-up game before it is refused');
});

t.test('tokens: a seat claimed on another node after this one cached the game authenticates here too', async (t) => {
  const store = new InMemoryEventStore();
  const [a, b] = [serviceOn(store), serviceOn(store)];
  const { gameId } = await a.lobby.createGame({ module: 'toy', options: {}, seats: 2 });
  await a.lobby.claimSeat(gameId, {});
  await b.reads.summary(gameId); // b caches the game with one seat claimed
  const { token } = await a.lobby.claimSeat(gameId, {});
  t.equal(await b.reads.authenticate(gameId, token), 1, 'b did not know the token: it catches up and finds it');
});

t.test('pipeline: a full game ends with GameFinished revealing the seed whose hash was published', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  const { gameId } = await startedGame(games, 3);
  const seedHash = (await games.reads.summary(gameId)).seedHash;
  const summary = await playOut(games, gameId);
  t.equal(summary.status, 'finished');
  const events = await store.readStream(gameStream(gameId));
  const last = events.at(-1)?.data as { type: string; winners: number[]; seed: string };
  t.equal(last.type, 'GameFinished');
  t.same(summary.winners, last.winners);
  const { createHash } = await import('node:crypto');
  t.equal(createHash('sha256').update(last.seed).digest('hex'), seedHash);
  t.equal(events.at(-2)?.type, 'GameScored', 'the automaton scored in the same batch as the last stand');
  t.equal(events.at(-2)?.metadata.actor, 'automaton');
});

t.test('metadata: every event of a command names it and its idempotency key; only the first carries the command', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  const { gameId } = await startedGame(games);
  const before = (await store.readStream(gameStream(gameId))).length;
  // Seat 1 stands first, then seat 0's stand ends the game: Stood, GameScored (automaton), GameFinished in one batch.
  await games.commands.execute(gameId, { type: 'Stand' }, { seat: 0 });
  await games.commands.execute(gameId, { type: 'Stand' }, { seat: 1, idempotencyKey: 'last-stand' });
  const written = (await store.readStream(gameStream(gameId))).slice(before + 2);
  t.ok(written.length >= 3, 'the last stand wrote several events');
  const [first, ...rest] = written.map((e) => e.metadata);
  t.same(first, {
    commandId: first?.commandId,
    causationId: first?.commandId,
    actor: 'seat:1',
    at: '2026-01-01T00:00:00.000Z',
    module: 'toy',
    rulesVersion: toyGame.rulesVersion,
    eventVersion: 1,
    command: { kind: 'play', seat: 1, command: { type: 'Stand' } },
    idempotencyKey: 'last-stand',
    // The request the key came with, so a reuse with another request can be told apart.
    idempotencyFingerprint: createHash('sha256').update('{"type":"Stand"}').digest('hex'),
  });
  for (const meta of rest) {
    t.equal(meta.commandId, first?.commandId);
    t.equal(meta.causationId, first?.commandId);
    t.notOk('command' in meta, 'only the first event records the command');
    t.equal(meta.idempotencyKey, 'last-stand', 'the key marks every event its command wrote');
  }
});

t.test('pipeline: rule violations and malformed commands change nothing', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  const { gameId } = await startedGame(games);
  const before = (await store.readStream(gameStream(gameId))).length;
  await t.rejects(games.commands.execute(gameId, { type: 'Draw' }, { seat: 1 }), { code: 'toy/not-your-turn' });
  await t.rejects(games.commands.execute(gameId, { type: 'Score' }, { seat: 0 }), { code: 'toy/automaton-only' });
  await t.rejects(games.commands.execute(gameId, { type: 'Fly' }, { seat: 0 }), { code: 'command/malformed' });
  await t.rejects(games.commands.execute(gameId, { type: 'Draw', extra: 1 }, { seat: 0 }), ValidationError);
  await t.rejects(games.commands.execute(gameId, 'Draw', { seat: 0 }), ValidationError);
  await t.rejects(games.commands.execute(randomUUID(), { type: 'Draw' }, { seat: 0 }), NotFoundError);
  await t.rejects(games.commands.execute('../etc', { type: 'Draw' }, { seat: 0 }), NotFoundError);
  t.equal((await store.readStream(gameStream(gameId))).length, before);
});

t.test('pipeline: a repeated idempotency key returns the first outcome and appends nothing', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  const { gameId } = await startedGame(games);
  const first = await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0, idempotencyKey: 'k-1' });
  const count = (await store.readStream(gameStream(gameId))).length;
  const again = await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0, idempotencyKey: 'k-1' });
  t.equal(again.replayed, true);
  t.equal(first.replayed, false);
  t.same(again.events, first.events);
  t.equal((await store.readStream(gameStream(gameId))).length, count, 'nothing appended');
  const fresh = serviceOn(store);
  const third = await fresh.commands.execute(gameId, { type: 'Draw' }, { seat: 0, idempotencyKey: 'k-1' });
  t.same(third.events, first.events, 'another node with a cold cache recognises the key from the stream');
});

t.test('pipeline: the response holds the caller’s events redacted; other seats never see the card', async (t) => {
  const games = serviceOn(new InMemoryEventStore());
  const { gameId } = await startedGame(games);
  const result = await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const drawn = result.events.find((e) => e.type === 'CardDrawn')?.data as unknown as { card: number | null };
  t.type(drawn.card, 'number', 'the drawer sees their card');
  const log1 = await games.reads.events(gameId, { kind: 'seat', seat: 1 });
  t.equal((log1.find((e) => e.type === 'CardDrawn')?.data as unknown as { card: number | null }).card, null, 'seat 1 does not');
  t.notOk(
    log1.some((e) => e.type === 'DeckShuffled'),
    'nobody sees the deck order',
  );
  const created = log1.find((e) => e.type === 'GameCreated')?.data as unknown as Record<string, unknown>;
  t.notOk('seed' in created, 'the seed is not in the log before the end');
  t.notOk(JSON.stringify(log1).includes('tokenHash'), 'token hashes are never served');
  t.same(((await games.reads.view(gameId, { kind: 'seat', seat: 1 })) as { hands: unknown[][] }).hands[0], [null]);
});

t.test('replay: the view at each revision equals a fresh fold up to it; bad revisions are refused', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  const { gameId } = await startedGame(games);
  const views: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    const seat = (await games.reads.summary(gameId)).awaiting[0] as number;
    const result = await games.commands.execute(gameId, { type: 'Draw' }, { seat });
    views.push({ revision: result.revision, view: await games.reads.view(gameId, { kind: 'spectator' }) });
  }
  for (const { revision, view } of views as { revision: number; view: unknown }[]) {
    t.same(await serviceOn(store).reads.view(gameId, { kind: 'spectator' }, revision), view, `revision ${revision}`);
  }
  await t.rejects(games.reads.view(gameId, { kind: 'spectator' }, 999), NotFoundError);
  await t.rejects(games.reads.view(gameId, { kind: 'spectator' }, -1), ValidationError);
});

t.test('replay: the view at the current revision comes from the cached record; an earlier one reads only up to it', async (t) => {
  const inner = new InMemoryEventStore();
  const { store, reads } = recordingReads(inner);
  const fullReads = () => reads.filter((options) => options?.fromRevision === undefined).length;
  const games = serviceOn(store);
  const { gameId } = await startedGame(games);
  const { revision } = await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const spectator = { kind: 'spectator' } as const;
  const atHead = await games.reads.view(gameId, spectator, revision);
  t.equal(fullReads(), 0, 'the current revision was served without reading the whole stream');
  t.same(atHead, await serviceOn(inner).reads.view(gameId, spectator, revision), 'and equals a fresh fold up to it');
  t.same(
    await games.reads.view(gameId, spectator, revision - 1),
    await serviceOn(inner).reads.view(gameId, spectator, revision - 1),
    'an earlier revision',
  );
  t.equal(fullReads(), 0, 'was replayed without reading the whole stream');
  const last = reads.at(-1) as { fromRevision: number; maxCount: number };
  t.equal(last.fromRevision + last.maxCount - 1, revision - 1, 'but the events up to it');
  await t.rejects(games.reads.view(gameId, spectator, revision + 1), { code: 'replay/no-such-revision' });
});

t.test('cache: two nodes on one store stay consistent (each catches up before deciding)', async (t) => {
  const store = new InMemoryEventStore();
  const a = serviceOn(store);
  const b = serviceOn(store);
  const { gameId } = await startedGame(a);
  await b.reads.summary(gameId); // warm b's cache
  await a.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  await t.rejects(b.commands.execute(gameId, { type: 'Draw' }, { seat: 0 }), { code: 'toy/not-your-turn' }, 'b saw a’s move');
  await b.commands.execute(gameId, { type: 'Draw' }, { seat: 1 });
  t.same(await a.reads.view(gameId, { kind: 'audit' }), await b.reads.view(gameId, { kind: 'audit' }));
});

t.test('cache: a node whose cache missed another node’s move still accepts the now-legal command', async (t) => {
  const store = new InMemoryEventStore();
  const a = serviceOn(store);
  const b = serviceOn(store);
  const { gameId } = await startedGame(a);
  await b.reads.summary(gameId); // b caches: seat 0 to move
  await a.commands.execute(gameId, { type: 'Draw' }, { seat: 0 }); // now seat 1 to move; b does not know
  const result = await b.commands.execute(gameId, { type: 'Stand' }, { seat: 1 });
  t.equal(result.replayed, false);
  t.same((await a.reads.summary(gameId)).awaiting, [0], 'seat 1 stood; back to seat 0');
});

t.test('cache: a node that created a game claims its seats without reading the stream, and agrees with a cold node', async (t) => {
  const inner = new InMemoryEventStore();
  const { store, reads } = recordingReads(inner);
  const games = serviceOn(store);
  const created = await games.lobby.createGame({ module: 'toy', options: {}, seats: 2 });
  t.same(created.summary, await serviceOn(inner).reads.summary(created.gameId), 'the summary returned by create is what a cold node reads');
  const { gameId } = await startedGame(games);
  t.equal(reads.length, 0, 'create, claim and claim decided on the record the creating node cached');
  t.same(await games.reads.view(gameId, { kind: 'audit' }), await serviceOn(inner).reads.view(gameId, { kind: 'audit' }));
  t.same(await games.reads.summary(gameId), await serviceOn(inner).reads.summary(gameId));
});

t.test('concurrency: a lost race re-decides against the new state; exhausted retries give ConflictError', async (t) => {
  const inner = new InMemoryEventStore();
  let interfere = 0;
  const racing: EventStore = Object.create(inner, {
    appendToStream: {
      value: async (...args: Parameters<EventStore['appendToStream']>) => {
        if (interfere > 0) {
          interfere--;
          throw new WrongExpectedVersionError(args[0], String(args[2]?.expectedRevision), 'later');
        }
        return inner.appendToStream(...args);
      },
    },
  });
  const games = serviceOn(racing, { maxRetries: 2 });
  const { gameId } = await startedGame(games);
  interfere = 2;
  await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  t.same((await games.reads.summary(gameId)).awaiting, [1], 'succeeded on the third attempt');
  interfere = 3;
  await t.rejects(games.commands.execute(gameId, { type: 'Draw' }, { seat: 1 }), ConflictError);
});

t.test('concurrency: racing retries of one idempotency key append once', async (t) => {
  const store = new InMemoryEventStore();
  const nodes = [serviceOn(store), serviceOn(store), serviceOn(store)];
  const { gameId } = await startedGame(nodes[0] as GameServices);
  await Promise.all(nodes.map((n) => n.reads.summary(gameId)));
  const results = await Promise.all(nodes.map((n) => n.commands.execute(gameId, { type: 'Draw' }, { seat: 0, idempotencyKey: 'same' })));
  t.equal(results.filter((r) => !r.replayed).length, 1, 'one appended, the others replayed');
  t.equal((await store.readStream(gameStream(gameId))).filter((e) => e.type === 'CardDrawn').length, 1);
});

t.test('audit: refused before the end; afterwards re-running the commands with the seed reproduces the stream', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  const { gameId } = await startedGame(games, 3);
  await t.rejects(games.audit.audit(gameId), { code: 'game/not-over' });
  await playOut(games, gameId);
  const audit = await games.audit.audit(gameId);
  t.equal(audit.verified, true);
  t.ok(audit.commands.length >= 6, 'the command log is returned');
  t.notOk(JSON.stringify(audit.commands).includes('tokenHash'), 'without token hashes');
  const events = await games.reads.events(gameId, { kind: 'seat', seat: 1 });
  t.ok(
    events.some((e) => e.type === 'DeckShuffled'),
    'after the end everyone sees everything',
  );
});

t.test('the move that ends the game answers with the revealed view, as GET view does afterwards', async (t) => {
  const games = serviceOn(new InMemoryEventStore());
  const { gameId } = await startedGame(games);
  let last;
  for (let guard = 0; guard < 100; guard++) {
    const summary = await games.reads.summary(gameId);
    if (summary.status !== 'active') break;
    const seat = summary.awaiting[0] as number;
    const [first] = await games.reads.legalCommands(gameId, seat);
    last = { seat, result: await games.commands.execute(gameId, first, { seat }) };
  }
  if (!last) throw new Error('no move was played');
  const view = last.result.view as { hands: (number | null)[][] };
  t.same(view, await games.reads.view(gameId, { kind: 'seat', seat: last.seat }), 'the same as reading the view afterwards');
  t.notOk(view.hands.flat().includes(null), "every hand is shown, the other seat's too");
});

t.test('audit: a tampered stream is caught at the first divergent event', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  const { gameId } = await startedGame(games);
  await playOut(games, gameId);
  const forged = randomUUID();
  const events = await store.readStream(gameStream(gameId));
  const index = events.findIndex((e) => e.type === 'CardDrawn');
  await store.appendToStream(
    gameStream(forged),
    events.map((e, i) => ({
      id: randomUUID(),
      type: e.type,
      metadata: e.metadata,
      data: i === index ? { ...(e.data as object), card: 99 } : e.data,
    })),
  );
  const audit = await games.audit.audit(forged);
  t.equal(audit.verified, false);
  t.match(audit, { divergence: { revision: index, reason: /different event/ } });
});

t.test('a module event named like a lobby event is refused before anything is written', async (t) => {
  const store = new InMemoryEventStore();
  const clashing = { ...toyGame, setup: () => [{ type: 'GameStarted' }] } as unknown as typeof toyGame;
  const games = gameServices({
    store,
    modules: { toy: clashing },
    clock: () => new Date(0),
    newId: randomUUID,
    newSecret: () => 'secret',
  });
  const { gameId } = await games.lobby.createGame({ module: 'toy', seats: 1 });
  await t.rejects(games.lobby.claimSeat(gameId), /reserved for the lobby/);
  t.equal((await store.readStream(gameStream(gameId))).length, 1, 'only GameCreated');
});
