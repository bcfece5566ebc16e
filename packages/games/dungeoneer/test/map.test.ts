// dungeoneer.txt, MAP CARDS (Placing Map Cards, Game Layout Diagram) and TURN CYCLE, Build Phase / HERO PHASE, Explore.
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { commandSchema, dungeoneer, mapCard } from '../src/index';
import { connected, crossable, legalPlacements, open, placementProblem } from '../src/rules/map';
import type { Placed } from '../src/state';
import { randomBot } from '../src/index';
import { botGame, only, scenario } from './support';

const card = (id: string) => mapCard(id)!;
const at = (id: string, x: number, y: number, rotation: 0 | 180 = 0): Placed => ({ card: id, x, y, rotation });
const entrance = at('entrance', 0, 0);

t.test('THE MAP, Placing Map Cards: parallel to the entrance — only rotations 0 and 180 exist', async (t) => {
  t.ok(Value.Check(commandSchema, { type: 'PlaceMap', x: 0, y: 2, rotation: 180 }));
  t.notOk(Value.Check(commandSchema, { type: 'PlaceMap', x: 0, y: 2, rotation: 90 }), 'a quarter turn cannot even be sent');
});

t.test('THE MAP, Placing Map Cards: a card is laid against the map, on a free position', async (t) => {
  const map = [entrance, at('dripping-crossway', 0, 1)];
  t.equal(placementProblem(map, card('narrow-fork'), { x: 5, y: 5, rotation: 0 }), 'a Map card must be laid against the map');
  t.equal(placementProblem(map, card('narrow-fork'), { x: 0, y: 1, rotation: 0 }), 'that position is taken');
  t.equal(placementProblem(map, card('narrow-fork'), { x: 0, y: 2, rotation: 0 }), null);
});

t.test('THE MAP, Placing Map Cards: only passages can be connected to the Dungeon Entrance', async (t) => {
  t.equal(
    placementProblem([entrance], card('forgotten-shrine'), { x: 0, y: 1, rotation: 0 }),
    'only passages may border the Dungeon Entrance',
  );
  t.equal(placementProblem([entrance], card('dripping-crossway'), { x: 0, y: 1, rotation: 0 }), null);
});

t.test('THE MAP, Game Layout Diagram (Map 1): a stranded space is an illegal placement', async (t) => {
  const map = [entrance, at('dripping-crossway', 0, 1)];
  // The Mirror Room opens south and west only: turned end over end, a Wall faces the crossway.
  t.equal(placementProblem(map, card('mirror-room'), { x: 0, y: 2, rotation: 0 }), null, 'its south door meets the crossway');
  t.match(placementProblem(map, card('mirror-room'), { x: 0, y: 2, rotation: 180 }), /stranded/);
});

t.test('THE MAP, Game Layout Diagram (Map 3): a Wall may meet a door if the room connects another way; that edge is blocked', async (t) => {
  const map = [entrance, at('dripping-crossway', 0, 1), at('narrow-fork', 1, 0, 180)];
  // Sooty Hall turned: north trapped door, east open, south open, west Wall (facing the crossway's open east door).
  const placed = at('sooty-hall', 1, 1, 180);
  t.equal(placementProblem(map, card('sooty-hall'), placed), null);
  const after = [...map, placed];
  t.notOk(crossable(after, { x: 0, y: 1 }, 'E'), 'the door facing the Wall is blocked going east');
  t.notOk(crossable(after, { x: 1, y: 1 }, 'W'), 'and going west');
  t.ok(crossable(after, { x: 1, y: 1 }, 'S'), 'the room is reached from the south');
  t.ok(connected(after));
});

t.test('THE MAP, Placing Map Cards: never a closed map with no exit left for more cards', async (t) => {
  // A dead-end room whose one door faces a second dead end: together they leave no exit anywhere.
  const map = [at('idol-chamber', 0, 0)];
  t.ok(open(map));
  t.match(placementProblem(map, card('idol-chamber'), { x: 0, y: -1, rotation: 180 }), /close the map/);
  t.match(placementProblem(map, card('idol-chamber'), { x: 0, y: -1, rotation: 0 }), /stranded/);
  t.equal(placementProblem(map, card('forgotten-shrine'), { x: 0, y: -1, rotation: 180 }), null, 'a room with more doors keeps it open');
});

t.test('THE MAP: the legal placements are exactly those leaving the map connected and open (random maps)', async (t) => {
  let checked = 0;
  botGame(3, 'placements', [randomBot], {
    maxSteps: 400,
    onStep: ({ after }) => {
      const p = after.prompt;
      if (p?.kind !== 'place-map') return;
      const legal = legalPlacements(after.map, card(p.card));
      const key = (x: { x: number; y: number; rotation: number }) => `${x.x},${x.y},${x.rotation}`;
      const listed = new Set(legal.map(key));
      for (let x = -8; x <= 8; x++)
        for (let y = -8; y <= 8; y++)
          for (const rotation of [0, 180] as const) {
            const problem = placementProblem(after.map, card(p.card), { x, y, rotation });
            if ((problem === null) !== listed.has(key({ x, y, rotation }))) t.fail(`(${x},${y},${rotation}) disagrees`);
            if (problem === null) {
              const next = [...after.map, { card: p.card, x, y, rotation }];
              if (!connected(next) || !open(next)) t.fail(`(${x},${y},${rotation}) strands or closes the map`);
            }
          }
      checked++;
    },
  });
  t.ok(checked >= 5, `${checked} placements checked`);
});

t.test('TURN CYCLE, Build Phase: draw one Map card and place it in a legal location', async (t) => {
  const sc = scenario({ mapDeck: ['mirror-room', 'ember-forge'] });
  t.same(sc.do(0, { type: 'EndPhase' }), [
    { type: 'PhaseBegan', phase: 'build' },
    { type: 'MapCardDrawn', seat: 0, card: 'mirror-room', reason: 'build' },
    { type: 'PromptOpened', prompt: { kind: 'place-map', seat: 0, card: 'mirror-room', reason: 'build' } },
  ]);
  const places = sc.legal(0).filter((c) => c.type === 'PlaceMap');
  t.same(
    places,
    legalPlacements(sc.state.map, card('mirror-room')).map((p) => ({ type: 'PlaceMap', ...p })),
  );
  sc.spec.when({ type: 'PlaceMap', x: 0, y: 1, rotation: 0 }).thenViolates(t, 'dungeoneer/illegal-placement');
  sc.spec.when({ type: 'PlaceMap', x: 0, y: 2, rotation: 0 }, { seat: 1 }).thenViolates(t, 'dungeoneer/not-asked');
  sc.spec
    .when({ type: 'PlaceMap', x: 0, y: 2, rotation: 0 })
    .then(t, [
      { type: 'MapPlaced', seat: 0, card: 'mirror-room', x: 0, y: 2, rotation: 0 },
      { type: 'PromptClosed' },
      { type: 'PhaseBegan', phase: 'hero' },
    ]);
});

t.test('TURN CYCLE, Build Phase: a card with no legal place goes to the bottom of the Map deck (ruling)', async (t) => {
  // Only the entrance is down, so every free position borders it, and a room may not.
  const sc = scenario({ mapDeck: ['forgotten-shrine'], mapStart: [entrance] });
  const events = sc.do(0, { type: 'EndPhase' });
  t.same(events, [
    { type: 'PhaseBegan', phase: 'build' },
    { type: 'MapCardDrawn', seat: 0, card: 'forgotten-shrine', reason: 'build' },
    { type: 'MapCardSetAside', card: 'forgotten-shrine' },
    { type: 'PhaseBegan', phase: 'hero' },
  ]);
  t.equal(sc.state.mapDeck.at(-1), 'forgotten-shrine');
});

t.test('TURN CYCLE, Build Phase: with the Map deck empty there is nothing to build (ruling)', async (t) => {
  const sc = scenario();
  for (let turn = 0; sc.state.mapDeck.length > 0 && turn < 40; turn++) {
    sc.endPhase();
    const p = sc.state.prompt;
    if (p?.kind === 'place-map') {
      const first = legalPlacements(sc.state.map, card(p.card))[0]!;
      sc.place(first.x, first.y, first.rotation);
    }
    sc.finishTurn();
  }
  t.equal(sc.state.mapDeck.length, 0, 'every Map card is out');
  t.same(sc.do(sc.active, { type: 'EndPhase' }), [
    { type: 'PhaseBegan', phase: 'build' },
    { type: 'PhaseBegan', phase: 'hero' },
  ]);
  sc.spec.when({ type: 'Explore' }, { seat: sc.active }).thenViolates(t, 'dungeoneer/map-deck-empty');
});

t.test('HERO PHASE, Explore: 1 Movement to draw and place another Map card; the Hero Phase goes on', async (t) => {
  const sc = scenario({ mapDeck: ['ember-forge', 'mirror-room'] }).toHeroPhase(0, 2);
  t.same(sc.do(0, { type: 'Explore' }), [
    { type: 'MovementsSet', seat: 0, movements: 1 },
    { type: 'MapCardDrawn', seat: 0, card: 'mirror-room', reason: 'explore' },
    { type: 'PromptOpened', prompt: { kind: 'place-map', seat: 0, card: 'mirror-room', reason: 'explore' } },
  ]);
  const events = sc.do(0, { type: 'PlaceMap', ...legalPlacements(sc.state.map, card('mirror-room'))[0]! });
  t.same(only(events, 'PhaseBegan'), [], 'still the Hero Phase');
  sc.do(0, { type: 'Explore' });
  sc.do(0, { type: 'PlaceMap', ...legalPlacements(sc.state.map, card((sc.state.prompt as { card: string }).card))[0]! });
  sc.spec.when({ type: 'Explore' }).thenViolates(t, 'dungeoneer/no-movement');
  t.equal(dungeoneer.status(sc.state).phase, 'hero');
});
