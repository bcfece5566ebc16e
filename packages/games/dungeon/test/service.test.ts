// The module inside the kernel's real pipeline (GameService on the in-memory store): full bot games and the audit.
import { randomBytes, randomUUID } from 'node:crypto';
import t from 'tap';
import { gameServices, randomFor, type Seat } from '@delve/kernel';
import { InMemoryEventStore } from '@delve/kernel/testing';
import { dungeon, heuristicBot, randomBot, HIDDEN, type DungeonOptions, type DungeonView } from '../src/index';

const service = () =>
  gameServices({
    store: new InMemoryEventStore(),
    modules: { dungeon },
    clock: () => new Date('2026-11-21T00:00:00Z'),
    newId: randomUUID,
    newSecret: () => randomBytes(32).toString('base64url'),
  });

/** Create, claim every seat, then let the bots play through the service, each from its seat's view, until the game ends. */
async function playGame(options: DungeonOptions, seats: number, label: string) {
  const games = service();
  const { gameId } = await games.lobby.createGame({ module: 'dungeon', options, seats });
  for (let i = 0; i < seats; i++) await games.lobby.claimSeat(gameId, { name: `bot${i}` });
  for (let step = 0; step < 6000; step++) {
    const summary = await games.reads.summary(gameId);
    if (summary.status !== 'active') return { games, gameId, summary, step };
    const seat = summary.awaiting[step % summary.awaiting.length] as Seat;
    const view = (await games.reads.view(gameId, { kind: 'seat', seat })) as DungeonView;
    const bot = seat % 2 === 0 ? heuristicBot : randomBot;
    const command = bot(view, seat, randomFor(`${label}:${step}`, 0));
    if (!command) throw new Error(`${label}: seat ${seat} is awaited but its bot has nothing to do`);
    await games.commands.execute(gameId, command, { seat });
  }
  throw new Error(`${label}: game did not end`);
}

for (const [options, seats, name] of [
  [{}, 2, '2 players'],
  [{}, 3, '3 players'],
  [{ decks: 2 }, 4, '4 players, two decks'],
  [{ variant: 'pitch-black', counterAttack: 3 }, 3, 'Pitch Black'],
] as const) {
  t.test(`service: a ${name} game runs through the kernel pipeline to GameFinished, and the audit verifies it`, async (t) => {
    const { games, gameId, summary } = await playGame(options, seats, name);
    t.equal(summary.status, 'finished');
    t.equal(summary.winners?.length, 1, 'one winner');
    const audit = await games.audit.audit(gameId);
    t.equal(audit.verified, true, 'the audit re-runs every command with the revealed seed and matches');
  });
}

t.test("service: options get their defaults recorded, and a seat cannot read another seat's draws", async (t) => {
  const games = service();
  const { gameId } = await games.lobby.createGame({ module: 'dungeon', options: {}, seats: 2 });
  for (let i = 0; i < 2; i++) await games.lobby.claimSeat(gameId, {});
  const v = (await games.reads.view(gameId, { kind: 'seat', seat: 0 })) as { options: unknown; players: { hand: string[] | null }[] };
  t.same(v.options, { decks: 1, variant: 'standard', suicideQueen: false, counterAttack: 0, optionalPlay: false });
  t.equal(v.players[1]?.hand, null);
  const events = await games.reads.events(gameId, { kind: 'seat', seat: 0 });
  const seat1Deal = events
    .map((e) => e.data as { type: string; seat?: number; cards?: string[] })
    .find((d) => d.type === 'CardsDrawn' && d.seat === 1);
  t.same(seat1Deal?.cards, [HIDDEN, HIDDEN, HIDDEN, HIDDEN, HIDDEN]);
});

t.test('service: a malformed command is refused by the schema before the rules see it', async (t) => {
  const games = service();
  const { gameId } = await games.lobby.createGame({ module: 'dungeon', options: {}, seats: 2 });
  for (let i = 0; i < 2; i++) await games.lobby.claimSeat(gameId, {});
  await t.rejects(games.commands.execute(gameId, { type: 'PlayPassage', card: '10H' }, { seat: 0 }), { code: 'command/malformed' });
  await t.rejects(
    games.commands.execute(gameId, { type: 'EndTurn' }, { seat: 0 }),
    { code: 'dungeon/wrong-step' },
    'the play-off comes first',
  );
});
