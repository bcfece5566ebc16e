// Views and redaction: own hand visible, other hands and decks as counts, the Dungeon's face-down cards hidden until
// flipped; the MARKED hero, levels, damage and the Dungeon's next actions public; the audit sees everything.
import t from 'tap';
import { randomFor } from '@delve/kernel';
import { Value } from '@sinclair/typebox/value';
import { HIDDEN, raid, viewSchema, type RaidEvent } from '../src/index';
import { scenario } from './support';

const seat = (s: number) => ({ kind: 'seat', seat: s }) as const;

t.test('Views: a raider sees its own hand and only the size of the others’; spectators see no hand; the audit all', async (t) => {
  const sc = scenario({ seats: 2, options: { difficulty: 'novice' } }).keep();
  const v0 = raid.view(sc.state, seat(0));
  t.same(
    v0.raiders[0]?.hand?.map((c) => c.id),
    sc.raider(0).hand,
  );
  t.match(v0.raiders[0]?.hand?.[0], { card: sc.state.cards[sc.raider(0).hand[0] ?? ''], name: String, type: String, text: String });
  t.equal(v0.raiders[1]?.hand, null);
  t.equal(v0.raiders[1]?.handCount, 7);
  t.ok(raid.view(sc.state, { kind: 'spectator' }).raiders.every((r) => r.hand === null));
  t.equal(raid.view(sc.state, { kind: 'audit' }).raiders[1]?.hand?.length, 7);
  for (const viewer of [seat(0), seat(1), { kind: 'spectator' } as const, { kind: 'audit' } as const])
    t.ok(Value.Check(viewSchema, raid.view(sc.state, viewer)), `the view for ${viewer.kind} fits viewSchema`);
});

t.test('Views: resources lie face down: their cards only for their owner, the count and how many are ready for all', async (t) => {
  const sc = scenario({ seats: 2, options: { difficulty: 'novice' } }).keep();
  const card = sc.raider(0).hand[0] ?? '';
  sc.do(0, { type: 'PlaceResource', card });
  t.same(
    raid.view(sc.state, seat(0)).raiders[0]?.resources.cards?.map((c) => c.id),
    [card],
  );
  t.match(raid.view(sc.state, seat(1)).raiders[0]?.resources, { count: 1, ready: 1, cards: null });
  const placed = sc.events.at(-1) as RaidEvent;
  t.same(raid.redact(placed, seat(1), sc.state), { ...placed, card: { id: HIDDEN, card: HIDDEN } });
  t.same(raid.redact(placed, seat(0), sc.state), placed);
});

t.test('Views: every deck is a count; the Dungeon’s cards stay hidden until flipped; the shuffles only for the audit', async (t) => {
  const state = raid.initialState({}, 2);
  const events = raid.setup(state, randomFor('views', 0));
  let s = state;
  for (const e of events) {
    for (const viewer of [seat(0), seat(1), { kind: 'spectator' } as const]) {
      const seen = raid.redact(e, viewer, s);
      if (e.type === 'DeckBuilt')
        t.ok(
          (seen as typeof e).cards.every((c) => c.id === HIDDEN && c.card === HIDDEN),
          'a built deck is hidden',
        );
      if (e.type === 'CardsDrawn' && (viewer.kind !== 'seat' || viewer.seat !== e.seat))
        t.ok(
          (seen as typeof e).cards.every((c) => c.card === HIDDEN),
          'another raider’s draw is hidden',
        );
    }
    t.same(raid.redact(e, { kind: 'audit' }, s), e, 'the audit sees every event whole');
    s = raid.evolve(s, e);
  }
  const v = raid.view(s, seat(0));
  t.equal(v.dungeon.deckCount, 30);
  t.same(v.dungeon.knownTop, []);
  t.equal(v.raiders[1]?.deckCount, 23);
});

t.test('Views: the MARKED hero, levels, damage and the Dungeon’s next actions are public', async (t) => {
  const sc = scenario({ seats: 2, options: { difficulty: 'novice' }, dungeon: ['rotting-mend', 'bone-rattler'] }).keep();
  sc.do(0, { type: 'PlaceResource', card: sc.raider(0).hand[0] ?? '' }).closeTurn();
  sc.roll(4).closeTurn().auto();
  const v = raid.view(sc.state, { kind: 'spectator' });
  t.equal(v.marked, 1, 'a 4 marks raider 1');
  t.equal(v.roll, 4);
  t.match(v.window, { kind: 'flip', awaiting: [0] });
  t.match(v.dungeonTurn?.revealed, { card: 'rotting-mend' }, 'the flipped card is face up');
  t.equal(v.next.step, 'ResolveFlip', 'what the Dungeon does once the window closes');
  t.same(v.next.attackOrder, ['dh'], 'and who will attack, in order');
  t.equal(v.dungeon.hero.level, 1);
  t.equal(v.dungeon.levels.length, 4, 'all four levels, as printed');
  t.match(v.dungeon.levels[1], { level: 2, levelUp: 'Level Up: a raider hero has 20 or more damage' });
  t.equal(v.dungeon.hero.damage, 0);
  t.equal(v.step, 'respond');
});
