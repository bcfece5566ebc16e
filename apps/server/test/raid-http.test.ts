// Full raids over HTTP on a real PostgreSQL, through the typed client: the test plays raider seat 0 from its legal
// commands only, the module's heuristic bot plays the other seats from their own views; the Dungeon plays itself on the
// server. The raids end with their result in the view, replays equal the live views, and the audit verifies.
import { heuristicBot, raid, type RaidView } from '@delve/game-raid';
import { randomFor } from '@delve/kernel';
import t, { type Test } from 'tap';
import type { DelveClient, Options } from '@delve/client';
import { clientOf, newTable, playWith } from './support/bots';
import { call } from './support/http';
import { testApp, type TestApp } from './support/app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Seat 0's player: keeps, protects, plays what it can (allies first), attacks Dungeon allies, places resources, ends. */
function choose(legal: Json[], view: RaidView): Json {
  const of = (type: string) => legal.filter((c) => c.type === type);
  if (of('KeepHand').length > 0) return of('KeepHand')[0];
  if (of('Discard').length > 0) return of('Discard')[0];
  if (view.window) return of('Protect')[0] ?? { type: 'Pass' };
  const me = view.raiders[0];
  const place = of('PlaceResource');
  if (place.length > 0 && (me?.resources.count ?? 0) < 5) return place.at(-1);
  const hand = new Map((me?.hand ?? []).map((c) => [c.id, c]));
  const plays = of('PlayCard').filter((c) => !c.target || c.target === 'dh' || c.target.startsWith('d') || c.target === 'h0');
  const ally = plays.find((c) => hand.get(c.card)?.type === 'ally');
  if (ally) return ally;
  if (plays.length > 0) return plays[0];
  const attack = of('Attack').find((c) => c.target !== 'dh') ?? of('Attack').find((c) => c.attacker !== 'h0');
  return attack ?? { type: 'EndTurn' };
}

async function playRaid(t: Test, ctx: TestApp, client: DelveClient, options: Options<'raid'>, seats: number, label: string) {
  const game = await newTable(client, 'raid', seats, options);
  const id = game.id;
  const tokens = game.seats.map((seat) => seat.token);
  let viaRest = 0;
  // Seat 0 chooses among its legal commands; the heuristic bot plays the others from their own views.
  const { live } = await playWith(
    t,
    client,
    game,
    async (seat, view, step) => {
      if (seat.seat !== 0) return heuristicBot(view as RaidView, seat.seat, randomFor(`${label}:${step}`, 0));
      viaRest++;
      return choose((await seat.legal()).commands, view as RaidView);
    },
    4000,
  );
  const end = (await call(t, ctx.app, 'GET', `/games/${id}`)).body;
  t.equal(end.status, 'finished', `${label}: the raid ends (seat 0 sent ${viaRest} commands through the API)`);
  const final = (await call(t, ctx.app, 'GET', `/games/${id}/view`, { token: tokens[0] as string })).body.view as RaidView;
  t.ok(final.result, `${label}: the result is in the view`);
  t.same(
    end.winners,
    final.result?.outcome === 'raiders' ? Array.from({ length: seats }, (_, i) => i) : [],
    `${label}: winners follow the outcome`,
  );
  t.match(final.result, { dungeon: String, difficulty: String, dungeonHeroDestroyed: Boolean, damageDealt: Number, health: Number });
  const events: Json[] = [];
  for (let from: number | null = 0; from !== null;) {
    const page = (await call(t, ctx.app, 'GET', `/games/${id}/events?from=${from}&limit=1000`, { token: tokens[0] as string })).body;
    events.push(...(page.items as Json[]));
    from = page.nextFrom as number | null;
  }
  t.match(
    events.findLast((e) => e.type === 'RaidEnded')?.data,
    { type: 'RaidEnded', result: final.result },
    `${label}: RaidEnded records it`,
  );
  // Views after the end are omniscient, so replays are compared only before it.
  for (const [revision, view] of [...live].filter(([r]) => r < end.revision - 2).slice(0, 4)) {
    const replay = await call(t, ctx.app, 'GET', `/games/${id}/view?revision=${revision}`, { token: tokens[0] as string });
    t.same(replay.body.view, view, `${label}: the replay at ${revision} equals the live view`);
  }
  const audit = await call(t, ctx.app, 'GET', `/games/${id}/audit`);
  t.equal(audit.body.verified, true, `${label}: the audit re-runs every command with the revealed seed and matches`);
  return final;
}

t.test('raids over HTTP: a Novice raid of three and a Legendary raid of two, seat 0 through the REST API', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, { raid });
  t.teardown(ctx.close);
  const client = await clientOf(t, ctx);
  await playRaid(t, ctx, client, { difficulty: 'novice', dungeon: 'thornwood-hollow' }, 3, 'novice');
  await playRaid(
    t,
    ctx,
    client,
    { difficulty: 'legendary', dungeon: 'emberforge-depths', classes: ['mender', 'guardian'] },
    2,
    'legendary',
  );
});

t.test('raids over HTTP: hidden cards stay hidden, and only the automaton moves the Dungeon', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, { raid });
  t.teardown(ctx.close);
  const id = (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'raid', options: {}, seats: 2 } })).body.id as string;
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) tokens.push((await call(t, ctx.app, 'POST', `/games/${id}/seats`, { payload: {} })).body.token);
  const view = (await call(t, ctx.app, 'GET', `/games/${id}/view`, { token: tokens[0] as string })).body.view as RaidView;
  t.equal(view.raiders[0]?.hand?.length, 7, 'a raider sees its own hand');
  t.equal(view.raiders[1]?.hand, null, 'and only the size of another’s');
  t.equal(view.dungeon.deckCount, 30);
  const events = (await call(t, ctx.app, 'GET', `/games/${id}/events?from=0&limit=100`, { token: tokens[0] as string })).body
    .items as Json[];
  const built = events.filter((e) => e.type === 'DeckBuilt');
  t.ok(built.length === 3 && built.every((e) => e.data.cards.every((c: Json) => c.card === '?')), 'no deck order is served');
  const draw1 = events.find((e) => e.type === 'CardsDrawn' && e.data.seat === 1);
  t.ok(
    draw1.data.cards.every((c: Json) => c.card === '?'),
    'another raider’s draw is hidden',
  );
  const flip = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[0] as string, payload: { type: 'FlipCard' } });
  t.equal(flip.status, 422);
  t.equal(flip.body.code, 'raid/dungeon-only', 'a seat cannot play the Dungeon');
});
