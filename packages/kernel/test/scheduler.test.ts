// The scheduler on the in-memory store with a clock the test moves: deadlines fire once (across a restart and a second
// node too), bots play their seats from what their seat sees, and games nobody fills or plays are abandoned.
import t from 'tap';
import { randomFor, Scheduler, type AnyGameModule, type GameServices } from '../src/index';
import { InMemoryEventStore, MemoryDuePlan, toyGame } from '../src/testing/index';
import { serviceOn } from './support';

const START = Date.parse('2026-01-01T00:00:00Z');

function world(modules: Record<string, AnyGameModule> = { toy: toyGame }, extra: Partial<ConstructorParameters<typeof Scheduler>[0]> = {}) {
  const store = new InMemoryEventStore();
  const clock = { now: START };
  const games = serviceOn(store, { clock: () => new Date(clock.now), modules });
  const plan = new MemoryDuePlan();
  const deps = (node: GameServices = games, on = plan): ConstructorParameters<typeof Scheduler>[0] => ({
    store,
    plan: on,
    games: node,
    modules,
    clock: () => new Date(clock.now),
    random: () => randomFor('bots', 0),
    botPaceMs: 500,
    idleMs: 3_600_000,
    unfilledMs: 600_000,
    ...extra,
  });
  const scheduler = (node: GameServices = games, on = plan) => new Scheduler(deps(node, on));
  const events = async (gameId: string) => (await store.readStream(`game-${gameId}`)).map((e) => e.data as { type: string });
  return { store, clock, games, plan, deps, scheduler, events, at: (s: number) => (clock.now = START + s * 1000) };
}

/** Plan everything written so far, then act on everything due now. */
async function tick(scheduler: Scheduler): Promise<number> {
  while ((await scheduler.planStep()) > 0);
  return scheduler.actStep();
}

t.test('a deadline is planned from the clock and fired once when due, even by two schedulers at once', async (t) => {
  const w = world();
  const { gameId } = await w.games.lobby.createGame({ module: 'toy', options: {}, seats: 2, clock: { kind: 'move', seconds: 30 } });
  await w.games.lobby.claimSeat(gameId, {});
  await w.games.lobby.claimSeat(gameId, {});
  const a = w.scheduler();
  await tick(a);
  t.notOk(
    (await w.events(gameId)).some((e) => e.type === 'SeatTimedOut'),
    'not before its time',
  );
  w.at(30);
  // A second node with its own cache, acting on the same plan at the same moment.
  const b = w.scheduler(serviceOn(w.store, { clock: () => new Date(w.clock.now) }));
  await Promise.all([tick(a), tick(b)]);
  t.equal((await w.events(gameId)).filter((e) => e.type === 'SeatTimedOut').length, 1, 'fired once');
});

t.test('a restart after the deadline fires it at once, from the plan that outlived the process', async (t) => {
  const w = world();
  const { gameId } = await w.games.lobby.createGame({ module: 'toy', options: {}, seats: 1, clock: { kind: 'move', seconds: 30 } });
  await w.games.lobby.claimSeat(gameId, {});
  while ((await w.scheduler().planStep()) > 0); // planned, then the process dies
  w.at(3600);
  const restarted = w.scheduler(serviceOn(w.store, { clock: () => new Date(w.clock.now) }));
  await tick(restarted);
  t.equal((await w.events(gameId)).filter((e) => e.type === 'SeatTimedOut').length, 1, 'the overdue deadline fired');
});

t.test('a bot seat plays when awaited, from its own seat’s view, at the bot pace', async (t) => {
  const seen: unknown[] = [];
  const spying: AnyGameModule = {
    ...toyGame,
    bots: [{ ...toyGame.bots![0]!, play: (turn, random) => (seen.push(turn), toyGame.bots![0]!.play(turn, random)) }],
  };
  const w = world({ toy: spying });
  const { gameId } = await w.games.lobby.createGame({ module: 'toy', options: {}, seats: 2 });
  await w.games.lobby.claimSeat(gameId, {});
  await w.games.lobby.claimSeat(gameId, { bot: 'fifteen' });
  await w.games.commands.execute(gameId, { type: 'Stand' }, { seat: 0 });
  const s = w.scheduler();
  await tick(s);
  t.equal(seen.length, 0, 'not before the pace');
  for (let step = 1; step < 40 && (await w.games.reads.summary(gameId)).status === 'active'; step++) {
    w.at(step);
    await tick(s);
  }
  t.equal((await w.games.reads.summary(gameId)).status, 'finished', 'the bot played to the end');
  t.ok(seen.length > 0, 'the bot was asked');
  for (const turn of seen as { seat: number; view: { hands: unknown[][] } }[]) {
    t.equal(turn.seat, 1);
    t.ok(
      turn.view.hands[0]?.every((card) => card === null),
      "the bot never sees the other seat's cards",
    );
  }
});

t.test('a bot that thinks past its budget has its choice set aside for the least harmful move', async (t) => {
  const slow: { ms: number }[] = [];
  const clock = { advance: (_ms: number) => undefined as void };
  // The bot's thinking moves the clock the scheduler measures it by: two seconds a move, against a budget of one.
  const ponderer: AnyGameModule = {
    ...toyGame,
    bots: [{ ...toyGame.bots![0]!, play: () => (clock.advance(2000), { type: 'Draw' }) }],
  };
  const w = world({ toy: ponderer }, { thinkMs: 1000, onSlowBot: (x) => void slow.push(x) });
  clock.advance = (ms) => void (w.clock.now += ms);
  const { gameId } = await w.games.lobby.createGame({ module: 'toy', options: {}, seats: 2 });
  await w.games.lobby.claimSeat(gameId, {});
  await w.games.lobby.claimSeat(gameId, { bot: 'fifteen' });
  await w.games.commands.execute(gameId, { type: 'Stand' }, { seat: 0 });
  const before = (await w.events(gameId)).length;
  const s = w.scheduler();
  await tick(s);
  w.at(1);
  await tick(s);
  const played = (await w.events(gameId)).slice(before) as { type: string; seat?: number }[];
  t.equal(slow.length, 1, 'the slow move was reported');
  t.ok(slow[0]!.ms >= 2000, `with the time it took (${slow[0]!.ms} ms)`);
  t.notOk(
    played.some((e) => e.type === 'CardDrawn'),
    "the bot's own choice (Draw) was not played",
  );
  t.ok(
    played.some((e) => e.type === 'Stood' && e.seat === 1),
    'the least harmful move (Stand) was',
  );
});

t.test('a game nobody fills is abandoned as unfilled; one nobody plays, as idle', async (t) => {
  const w = world();
  const open = (await w.games.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
  const idle = (await w.games.lobby.createGame({ module: 'toy', options: {}, seats: 1 })).gameId;
  await w.games.lobby.claimSeat(idle, {});
  const s = w.scheduler();
  await tick(s);
  w.at(601);
  await tick(s);
  t.match((await w.events(open)).at(-1), { type: 'GameAbandoned', by: null, reason: 'unfilled' });
  t.equal((await w.games.reads.summary(idle)).status, 'active', 'the started game is not unfilled');
  w.at(1800);
  await w.games.commands.execute(idle, { type: 'Draw' }, { seat: 0 }); // its person acts half an hour in
  await tick(s);
  w.at(3601);
  await tick(s);
  t.equal((await w.games.reads.summary(idle)).status, 'active', 'an hour after the start, but not after the last act');
  w.at(1800 + 3601);
  await tick(s);
  t.match((await w.events(idle)).at(-1), { type: 'GameAbandoned', by: null, reason: 'idle' });
});

t.test('acting keeps actions in flight: a slow one holds up none of the others, and none starts twice', async (t) => {
  const w = world();
  const started: string[] = [];
  let release: () => void = () => undefined;
  const slow = new Promise<void>((resolve) => (release = resolve));
  class Spying extends Scheduler {
    override async act(action: Parameters<Scheduler['act']>[0]): Promise<boolean> {
      started.push(action.gameId);
      if (action.gameId === 'a') await slow;
      return true;
    }
  }
  const s = new Spying(w.deps());
  const due = (gameId: string, at: string) => ({ set: { kind: 'timeout' as const, gameId, seat: 0, due: at, deadline: at } });
  await w.plan.commit([due('a', '2026-01-01T00:00:01Z'), due('b', '2026-01-01T00:00:02Z')], 'start', { commit: 1n, prepare: 1n });
  const acting = s.acting(10);
  t.match(await acting.fill('2026-01-01T00:01:00Z'), { started: 2 });
  await new Promise((r) => setImmediate(r));
  t.equal(acting.inFlight, 1, 'b settled while a is still under way');
  t.same(
    [...w.plan.actions.values()].map((a) => a.gameId),
    ['a'],
    "b's action was forgotten without waiting for a",
  );
  await w.plan.commit([due('c', '2026-01-01T00:00:03Z')], { commit: 1n, prepare: 1n }, { commit: 2n, prepare: 2n });
  t.match(await acting.fill('2026-01-01T00:01:00Z'), { started: 1 }, 'c starts beside a; a is not started again');
  release();
  await acting.drain();
  t.same(started, ['a', 'b', 'c'], 'each action started once');
  t.equal(w.plan.actions.size, 0, 'and each was forgotten');
});

t.test('a fill whose table is not ready stays due and is tried again; once done, it is forgotten', async (t) => {
  let ready = false;
  const tried: string[] = [];
  const w = world(undefined, {
    fill: async (pool, gameId) => {
      tried.push(`${pool}/${gameId}`);
      return ready;
    },
  });
  const s = w.scheduler();
  const fill = { set: { kind: 'fill' as const, gameId: 'g', seat: -2 as const, due: '2026-01-01T00:00:01Z', pool: 'p' } };
  await w.plan.commit([fill], 'start', { commit: 1n, prepare: 1n });
  w.at(2);
  t.equal(await s.actStep(), 1);
  t.equal(w.plan.actions.size, 1, 'not ready: still in the plan');
  ready = true;
  t.equal(await s.actStep(), 1);
  t.equal(w.plan.actions.size, 0, 'done: forgotten');
  t.same(tried, ['p/g', 'p/g'], 'tried twice, with its pool and game');
});
