// Turn clocks through the real pipeline on the in-memory store, with a clock the test moves: deadlines are events,
// a timeout applies the game's policy once, a move before the deadline wins, and the audit re-runs it all.
import t from 'tap';
import { RuleViolation } from '../src/errors';
import type { ClockOptions, TimeoutPolicy } from '../src/index';
import { InMemoryEventStore } from '../src/testing/index';
import { serviceOn } from './support';

const START = Date.parse('2026-01-01T00:00:00Z');

/** A toy game of two seats on a clock the test sets; every stored event's type and data, in order. */
async function clockedGame(clock: ClockOptions, onTimeout: TimeoutPolicy = 'default', seats = 2) {
  const store = new InMemoryEventStore();
  let now = START;
  const games = serviceOn(store, { clock: () => new Date(now) });
  const { gameId } = await games.lobby.createGame({ module: 'toy', options: {}, seats, clock, onTimeout });
  const tokens: string[] = [];
  for (let seat = 0; seat < seats; seat++) tokens.push((await games.lobby.claimSeat(gameId, {})).token);
  const events = async () => (await store.readStream(`game-${gameId}`)).map((e) => e.data as { type: string } & Record<string, unknown>);
  const clockSets = async () => (await events()).filter((e) => e.type === 'ClockSet');
  return {
    games,
    gameId,
    tokens,
    events,
    clockSets,
    at: (seconds: number) => {
      now = START + seconds * 1000;
    },
    iso: (seconds: number) => new Date(START + seconds * 1000).toISOString(),
  };
}

t.test('move clock: the deal starts the awaited seat’s deadline, and its move starts the next seat’s', async (t) => {
  const g = await clockedGame({ kind: 'move', seconds: 30 });
  t.same(await g.clockSets(), [{ type: 'ClockSet', deadlines: [{ seat: 0, at: g.iso(30), startedAt: g.iso(0) }] }]);
  t.same((await g.games.reads.summary(g.gameId)).clock?.deadlines, [{ seat: 0, at: g.iso(30) }], 'the summary shows it');
  g.at(10);
  await g.games.commands.execute(g.gameId, { type: 'Stand' }, { seat: 0 });
  const last = (await g.clockSets()).at(-1);
  t.same(last, { type: 'ClockSet', deadlines: [{ seat: 1, at: g.iso(40), startedAt: g.iso(10) }] }, 'seat 1 has 30 s from its turn');
});

t.test('a move of the awaited seat that keeps it awaited gives it a new deadline; a game without a clock records none', async (t) => {
  // Alone at the table, the seat is awaited again after each draw.
  const g = await clockedGame({ kind: 'move', seconds: 30 }, 'default', 1);
  g.at(5);
  await g.games.commands.execute(g.gameId, { type: 'Draw' }, { seat: 0 });
  t.same((await g.clockSets()).at(-1)?.deadlines, [{ seat: 0, at: g.iso(35), startedAt: g.iso(5) }], 'each move of the seat restarts it');
  const plain = serviceOn(new InMemoryEventStore());
  const { gameId } = await plain.lobby.createGame({ module: 'toy', options: {}, seats: 1 });
  await plain.lobby.claimSeat(gameId, {});
  t.equal((await plain.reads.summary(gameId)).clock, null, 'no clock');
});

t.test('timeout (default): once the deadline passes, the module’s least harmful move is played for the seat', async (t) => {
  const g = await clockedGame({ kind: 'move', seconds: 30 });
  g.at(29);
  await t.rejects(g.games.commands.timeout(g.gameId, 0, g.iso(30)), { code: 'clock/not-due' }, 'not before its time');
  g.at(30);
  await g.games.commands.timeout(g.gameId, 0, g.iso(30));
  const tail = (await g.events()).slice(-4).map((e) => e.type);
  t.same(tail, ['SeatTimedOut', 'Stood', 'TurnPassed', 'ClockSet'], 'the timeout, the default move (stand), the next deadline');
  t.match(
    (await g.events()).find((e) => e.type === 'SeatTimedOut'),
    { seat: 0, deadline: g.iso(30), applied: 'default' },
  );
  await g.games.commands.timeout(g.gameId, 0, g.iso(30));
  t.equal((await g.events()).filter((e) => e.type === 'SeatTimedOut').length, 1, 'a deadline fired twice applies once');
});

t.test('a move just before the deadline wins over the timer: the deadline is moot', async (t) => {
  const g = await clockedGame({ kind: 'move', seconds: 30 });
  g.at(29.9);
  await g.games.commands.execute(g.gameId, { type: 'Stand' }, { seat: 0 });
  g.at(30.1);
  await t.rejects(g.games.commands.timeout(g.gameId, 0, g.iso(30)), RuleViolation);
  await t.rejects(g.games.commands.timeout(g.gameId, 0, g.iso(30)), { code: 'clock/moot' });
  t.notOk(
    (await g.events()).some((e) => e.type === 'SeatTimedOut'),
    'nothing timed out',
  );
});

t.test('timeout (forfeit): the seat concedes through the module’s concession', async (t) => {
  const g = await clockedGame({ kind: 'correspondence', hours: 48 }, 'forfeit');
  t.same((await g.clockSets())[0]?.deadlines, [{ seat: 0, at: g.iso(48 * 3600), startedAt: g.iso(0) }], 'two days for the move');
  g.at(48 * 3600);
  await g.games.commands.timeout(g.gameId, 0, g.iso(48 * 3600));
  t.match(
    (await g.events()).find((e) => e.type === 'SeatTimedOut'),
    { applied: 'forfeit' },
  );
  t.equal((await g.events()).at(-3)?.type, 'Stood', "the toy's concession");
});

t.test('timeout (bot): a bot plays the seat until its person sends a command again', async (t) => {
  const g = await clockedGame({ kind: 'move', seconds: 30 }, 'bot', 1);
  g.at(31);
  await g.games.commands.timeout(g.gameId, 0, g.iso(30));
  t.same(
    (await g.events()).slice(-3).map((e) => e.type),
    ['SeatTimedOut', 'AutopilotEngaged', 'ClockSet'],
    'the bot has the seat, on the clock like anyone',
  );
  t.match((await g.games.reads.summary(g.gameId)).seats[0], { autopilot: true });
  await g.games.commands.execute(g.gameId, { type: 'Draw' }, { seat: 0, bot: 'fifteen' });
  t.match((await g.games.reads.summary(g.gameId)).seats[0], { autopilot: true }, 'the bot’s move keeps it in the seat');
  const other = await clockedGame({ kind: 'move', seconds: 30 }, 'bot');
  await t.rejects(other.games.commands.execute(other.gameId, { type: 'Draw' }, { seat: 0, bot: 'fifteen' }), {
    code: 'game/not-a-bot-seat',
  });
  await g.games.commands.execute(g.gameId, { type: 'Stand' }, { seat: 0 });
  t.same(
    (await g.events()).filter((e) => e.type.startsWith('Autopilot')).map((e) => e.type),
    ['AutopilotEngaged', 'AutopilotReleased'],
    'the person’s own command releases the seat first',
  );
  t.match((await g.games.reads.summary(g.gameId)).seats[0], { autopilot: false });
});

t.test('bank clock: a seat is charged the time it took and credited its increment', async (t) => {
  const g = await clockedGame({ kind: 'bank', initialSeconds: 60, incrementSeconds: 5 }, 'default', 1);
  t.same((await g.clockSets())[0], {
    type: 'ClockSet',
    deadlines: [{ seat: 0, at: g.iso(60), startedAt: g.iso(0) }],
    banks: [60_000],
  });
  g.at(20);
  await g.games.commands.execute(g.gameId, { type: 'Draw' }, { seat: 0 });
  t.same(
    (await g.clockSets()).at(-1),
    {
      type: 'ClockSet',
      deadlines: [{ seat: 0, at: g.iso(65), startedAt: g.iso(20) }],
      banks: [45_000],
    },
    '60 - 20 + 5 = 45 s left, running again from 20 s',
  );
});

t.test('the audit re-runs a clocked game with the recorded instants and verifies it', async (t) => {
  const g = await clockedGame({ kind: 'move', seconds: 30 });
  g.at(12);
  await g.games.commands.execute(g.gameId, { type: 'Draw' }, { seat: 0 });
  g.at(50);
  await g.games.commands.timeout(g.gameId, 1, g.iso(42)); // seat 1's turn since seat 0 drew
  g.at(60);
  await g.games.commands.timeout(g.gameId, 1, g.iso(80)).catch(() => undefined); // not due: refused, recorded nothing
  await g.games.lobby.abandonGame(g.gameId);
  const audit = await g.games.audit.audit(g.gameId);
  t.equal(audit.verdict, 'verified', JSON.stringify(audit.divergence ?? null));
});
