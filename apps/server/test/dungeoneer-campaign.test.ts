// A Dungeoneer campaign over HTTP on a real PostgreSQL (dungeoneer.txt, CAMPAIGN ADVENTURES): a permanent Dungeonlord
// and two heroes who are characters play two adventures between bots; the campaign records both — quests, fallen
// heroes, which side reached its goal — the characters carry their level, and the campaign-progress read model shows
// the same after a rebuild.
import { dungeoneer, heuristicBot, type DungeoneerView } from '@delve/game-dungeoneer';
import { randomFor } from '@delve/kernel';
import t, { type Test } from 'tap';
import { rebuildReadModels } from '../src/rebuild';
import { call } from './support/http';
import { testApp, type TestApp } from './support/app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const modules = { dungeoneer };
const OPTIONS = { campaign: { dungeonlord: 0, carry: { level: true, treasures: true } } };

async function register(t: Test, ctx: TestApp, name: string): Promise<{ id: string; key: string }> {
  const reply = await call(t, ctx.app, 'POST', '/players', { payload: { name } });
  t.equal(reply.status, 201, `${name} registered`);
  return reply.body;
}

/** Every seat plays the heuristic bot from its own view until the adventure ends; returns the final summary. */
async function playOut(t: Test, ctx: TestApp, gameId: string, tokens: readonly string[], seed: string): Promise<Json> {
  for (let step = 0; step < 4000; step++) {
    const summary = (await call(t, ctx.app, 'GET', `/games/${gameId}`)).body;
    if (summary.status !== 'active') return summary;
    const seat = summary.awaiting[step % summary.awaiting.length] as number;
    const token = tokens[seat] as string;
    const view = (await call(t, ctx.app, 'GET', `/games/${gameId}/view`, { token })).body.view as DungeoneerView;
    const command = heuristicBot(view, seat, randomFor(seed, step));
    if (!command) throw new Error(`seat ${seat}'s bot found nothing to do while awaited`);
    const sent = await call(t, ctx.app, 'POST', `/games/${gameId}/commands`, { token, payload: command });
    if (sent.status !== 200) throw new Error(`the bot's ${command.type} was refused: ${JSON.stringify(sent.body)}`);
  }
  throw new Error('the adventure did not end in 4000 commands');
}

async function campaignDocuments(ctx: TestApp): Promise<string[]> {
  const rows = await ctx.sql<{ id: string; doc: unknown }[]>`
    select id, doc from read_models where projection like 'campaign-progress%' and projection not like '%#rebuild' order by id`;
  return rows.map((r) => JSON.stringify([r.id, r.doc]));
}

t.test('CAMPAIGN ADVENTURES over HTTP: two adventures between bots; the campaign shows both, also after a rebuild', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, modules);
  t.teardown(ctx.close);
  const lord = await register(t, ctx, 'Morwen');
  const heroes = [await register(t, ctx, 'Ada'), await register(t, ctx, 'Bob')];
  const characters: Json[] = [];
  for (const [i, player] of heroes.entries()) {
    const made = await call(t, ctx.app, 'POST', '/characters', {
      token: player.key,
      payload: { module: 'dungeoneer', name: `Hero ${i}`, options: { hero: ['tamsin', 'oskar'][i] } },
    });
    t.equal(made.status, 201, 'a hero becomes a character');
    characters.push(made.body);
  }
  const created = await call(t, ctx.app, 'POST', '/campaigns', {
    token: lord.key,
    payload: { name: 'Under the Hill', module: 'dungeoneer' },
  });
  t.equal(created.status, 201);
  const id = created.body.id as string;
  for (const [i, player] of heroes.entries()) {
    const joined = await call(t, ctx.app, 'POST', `/campaigns/${id}/members`, {
      token: player.key,
      payload: { character: characters[i].id },
    });
    t.equal(joined.status, 200, 'a hero joins with its character');
  }

  const summaries: Json[] = [];
  for (let adventure = 0; adventure < 2; adventure++) {
    const scheduled = await call(t, ctx.app, 'POST', `/campaigns/${id}/games`, { token: lord.key, payload: { options: OPTIONS } });
    t.equal(scheduled.status, 201, `adventure ${adventure + 1} scheduled with every member seated`, { problem: scheduled.body });
    const gameId = scheduled.body.gameId as string;
    const tokens = [scheduled.body.token as string];
    for (const [i, player] of heroes.entries()) {
      const taken = await call(t, ctx.app, 'POST', `/games/${gameId}/seats/${i + 1}/tokens`, { token: player.key });
      tokens.push(taken.body.token);
    }
    const view = (await call(t, ctx.app, 'GET', `/games/${gameId}/view`, { token: tokens[1] as string })).body.view;
    for (const [i, character] of characters.entries()) {
      const sheet = (await call(t, ctx.app, 'GET', `/characters/${character.id}`)).body.sheet;
      t.match(
        view.players[i + 1].hero,
        { id: sheet.hero, level: sheet.level },
        'a seated character plays its own hero, at its carried level',
      );
    }
    summaries.push(await playOut(t, ctx, gameId, tokens, `campaign-${adventure}`));
    t.equal(summaries[adventure].status, 'finished', `adventure ${adventure + 1} ends`);
    await ctx.settle(); // records the result and frees the characters for the next adventure
  }

  const progress = (await call(t, ctx.app, 'GET', `/campaigns/${id}`)).body;
  t.equal(progress.games.length, 2, 'the campaign records every adventure');
  for (const [i, game] of progress.games.entries()) {
    const winners = summaries[i].winners as number[];
    t.equal(game.status, 'finished');
    t.same(game.winners, winners);
    // Campaign Adventures: either the Dungeonlord (seat 0) or the party of heroes reached its goal.
    t.same(game.goals, [winners.includes(0) ? 'dungeonlord' : 'heroes'], `adventure ${i + 1}: which side reached its goal`);
    const [dl, ...party] = game.seats;
    t.match(dl.outcome, { side: 'dungeonlord', tally: { side: 'dungeonlord', goal: winners.includes(0) } });
    const fallen = party.reduce((n: number, s: Json) => n + s.outcome.defeats, 0);
    t.equal(dl.outcome.felled, fallen, 'the heroes the Dungeonlord felled are those that fell');
    for (const seat of party) {
      t.match(seat.outcome, { side: 'hero', tally: { side: 'heroes' } });
      t.equal(seat.outcome.tally.counts.quests, seat.outcome.quests.length, 'the quests each hero completed');
    }
  }
  const goals = progress.games.map((g: Json) => g.goals[0]);
  t.same(
    progress.standing.sides,
    ['dungeonlord', 'heroes'].map((side) => ({ side, games: 2, goals: goals.filter((g: string) => g === side).length })),
    'the standing counts each side’s goals',
  );
  t.same(
    progress.standing.members.map((m: Json) => [m.player, m.games]),
    [
      [lord.id, 2],
      [heroes[0]?.id, 2],
      [heroes[1]?.id, 2],
    ],
  );

  // Delve's extension: the characters carry their level (the campaign's options say so) and record both adventures.
  for (const [i, character] of characters.entries()) {
    const sheet = (await call(t, ctx.app, 'GET', `/characters/${character.id}`)).body.sheet;
    const last = progress.games[1].seats[i + 1].outcome;
    t.equal(sheet.adventures, 2, 'the hero recorded both adventures');
    t.equal(sheet.level, last.level, 'its level is the one its last adventure ended at');
  }

  const gql = await ctx.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: {
      query: 'query($id: ID!) { campaign(id: $id) { name games { goals } standing { sides { side games goals } } } }',
      variables: { id },
    },
  });
  t.same(gql.json().data.campaign, {
    name: 'Under the Hill',
    games: progress.games.map((g: Json) => ({ goals: g.goals })),
    standing: { sides: progress.standing.sides },
  });

  const before = await campaignDocuments(ctx);
  t.equal(before.length, 1, 'the campaign-progress read model holds the campaign');
  await rebuildReadModels(ctx.store, ctx.sql, modules, ['campaign-progress']);
  t.same(await campaignDocuments(ctx), before, 'the rebuilt read model is the same');
  t.same((await call(t, ctx.app, 'GET', `/campaigns/${id}`)).body, progress, 'and so is the campaign it serves');
});
