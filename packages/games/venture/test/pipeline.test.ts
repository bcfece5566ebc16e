// The module inside the kernel's command pipeline: a 4-player table where the initiative changes hands, then an audit.
import { randomBytes, randomUUID } from 'node:crypto';
import { gameServices, LOBBY_EVENT_TYPES, type Seat } from '@delve/kernel';
import { InMemoryEventStore } from '@delve/kernel/testing';
import t from 'tap';
import { venture, type VentureView } from '../src/index';

function service() {
  return gameServices({
    store: new InMemoryEventStore(),
    modules: { venture },
    clock: () => new Date('2026-11-21T00:00:00Z'),
    newId: randomUUID,
    newSecret: () => randomBytes(32).toString('base64url'),
  });
}

t.test('725 through the pipeline: four players, the initiative changes hands by combat damage, the audit re-runs the game', async (t) => {
  const games = service();
  const { gameId } = await games.lobby.createGame({ module: 'venture', options: { startingLife: 40 }, seats: 4 });
  for (let i = 0; i < 4; i++) await games.lobby.claimSeat(gameId, { name: `p${i}` });
  const summary = await games.reads.summary(gameId);
  t.equal(summary.status, 'active');
  const viewOf = async (seat: Seat) => (await games.reads.view(gameId, { kind: 'seat', seat })) as VentureView;
  const send = (seat: Seat, command: unknown) => games.commands.execute(gameId, command, { seat });

  /** Resolve whatever is awaited: abilities with no choices, Undercity arrows by the first option, "unless" answers by declining. */
  const settle = async () => {
    for (let guard = 0; guard < 50; guard++) {
      const view = await viewOf(0);
      const seat = view.awaiting[0];
      if (seat === undefined || view.phase === 'finished') return;
      if (view.pending?.kind === 'room') await send(seat, { type: 'ChooseRoom', room: view.pending.options[0] });
      else if (view.phase === 'answer-unless') await send(seat, { type: 'AnswerUnless', pay: false });
      else if (view.phase === 'resolve') {
        const [first] = (await games.reads.legalCommands(gameId, seat)).filter((c) => c.type === 'ResolveTop');
        await send(seat, first);
      } else return;
    }
  };
  const toCombatDamage = async () => {
    for (let guard = 0; guard < 10; guard++) {
      await settle();
      const view = await viewOf(0);
      if (view.step === 'combat-damage') return view.active;
      await send(view.active, { type: 'AdvanceStep' });
    }
    throw new Error('no combat damage step');
  };

  const first = (await viewOf(0)).active;
  await send(first, { type: 'TakeInitiative' });
  await settle();
  const holders: Seat[] = [first];
  // Each following player attacks the holder in their own combat and takes the initiative from them.
  for (let round = 0; round < 5; round++) {
    await send((await viewOf(0)).active, { type: 'PassTurn' });
    await settle();
    const attacker = await toCombatDamage();
    const holder = (await viewOf(0)).initiative;
    if (holder === null || holder === attacker) continue;
    await send(attacker, { type: 'ReportCombatDamage', player: holder, amount: 2 });
    await settle();
    holders.push((await viewOf(0)).initiative as Seat);
  }
  t.ok(new Set(holders).size >= 3, `the initiative went round the table: ${holders.join(' → ')}`);
  const view = await viewOf(2);
  t.ok(
    view.players.some((p) => p.dungeon?.id === 'undercity' || (p.completed.undercity ?? 0) > 0),
    'Undercity is in play',
  );
  t.equal(view.players.filter((p) => p.hasInitiative).length, 1);
  t.equal(
    (await games.reads.legalCommands(gameId, 1)).every((c) => typeof c.type === 'string'),
    true,
  );

  for (const seat of [1, 2, 3]) await send(seat, { type: 'LeaveGame' });
  const end = await games.reads.summary(gameId);
  t.equal(end.status, 'finished');
  t.same(end.winners, [0]);
  const audit = await games.audit.audit(gameId);
  t.equal(audit.verified, true, 'the recorded commands re-run to the same events');
});

t.test('the pipeline rejects a command that breaks a dungeon rule with its stable code', async (t) => {
  const games = service();
  const { gameId } = await games.lobby.createGame({ module: 'venture', seats: 2 });
  for (let i = 0; i < 2; i++) await games.lobby.claimSeat(gameId, {});
  await t.rejects(games.commands.execute(gameId, { type: 'ChooseDungeon', dungeon: 'undercity' }, { seat: 0 }), {
    code: 'venture/no-dungeon-choice',
  });
  await t.rejects(games.commands.execute(gameId, { type: 'ChooseDungeon', dungeon: 'nowhere' }, { seat: 0 }), { name: 'ValidationError' });
});

t.test("the module's event types never collide with the kernel's lobby events", (t) => {
  const types = venture.eventSchema.anyOf.map((schema: { properties: { type: { const: string } } }) => schema.properties.type.const);
  t.same(
    types.filter((type: string) => LOBBY_EVENT_TYPES.has(type)),
    [],
  );
  t.end();
});
