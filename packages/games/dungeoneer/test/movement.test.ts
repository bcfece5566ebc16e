// dungeoneer.txt, HERO PHASE (Move, Open Locked Door), MAP CARDS (Obstacles, Pits, Spikes) and MISCELLANEOUS (priority).
import t from 'tap';
import { scriptedRandom } from '@delve/kernel/testing';
import { dungeoneer } from '../src/index';
import { only, scenario } from './support';

const cell = (sc: ReturnType<typeof scenario>, x: number, y: number) =>
  dungeoneer.view(sc.state, { kind: 'spectator' }).grid.cells.find((c) => c.x === x && c.y === y)!;

t.test('HERO PHASE, Move: 1 Movement a space; Glory and Peril for each space new this turn', async (t) => {
  const sc = scenario({ heroes: ['tamsin', 'brannoc'] }).toHeroPhase();
  sc.spec.when({ type: 'Move', direction: 'N' }).then(t, [
    { type: 'MovementsSet', seat: 0, movements: 2 },
    { type: 'HeroMoved', seat: 0, x: 0, y: 1, side: 'N' },
    { type: 'SpaceCollected', seat: 0, x: 0, y: 1, glory: 0, peril: 1 },
  ]);
  sc.move('N');
  t.match(
    only(sc.do(0, { type: 'Move', direction: 'S' }), 'SpaceCollected'),
    [{ x: 0, y: 0, glory: 1, peril: 1 }],
    'the entrance is new this turn',
  );
  t.same(only(sc.do(0, { type: 'Move', direction: 'N' }), 'SpaceCollected'), [], 'the crossway was already entered this turn');
  t.equal(sc.player(0).glory, 2);
  t.equal(sc.player(0).peril, 3);
  sc.spec.when({ type: 'Move', direction: 'N' }).thenViolates(t, 'dungeoneer/no-movement');
});

t.test('HERO PHASE, Move: a hero who does not move collects for the space it stayed in', async (t) => {
  const sc = scenario().toHeroPhase();
  sc.spec.when({ type: 'EndPhase' }).then(t, [
    { type: 'SpaceCollected', seat: 0, x: 0, y: 0, glory: 1, peril: 1 },
    { type: 'PhaseBegan', phase: 'discard' },
  ]);
});

t.test('HERO PHASE: only the player whose Hero Phase it is moves', async (t) => {
  const sc = scenario().toHeroPhase();
  sc.spec.when({ type: 'Move', direction: 'N' }, { seat: 1 }).thenViolates(t, 'dungeoneer/not-your-turn');
  const dl = scenario();
  dl.spec.when({ type: 'Move', direction: 'N' }).thenViolates(t, 'dungeoneer/wrong-phase');
});

t.test('MAP CARDS, Wall and Game Layout Diagram (Map 3): no passing through a Wall, nor a door that faces one', async (t) => {
  // Sooty Hall turned end over end: its west Wall faces the crossway's open east door.
  const sc = scenario({ heroes: ['tamsin', 'brannoc'], mapDeck: ['sooty-hall'] }).toHeroPhase(1, 1, 180);
  sc.move('N');
  sc.spec.when({ type: 'Move', direction: 'E' }).thenViolates(t, 'dungeoneer/wall');
  sc.spec.when({ type: 'Move', direction: 'W' }).thenViolates(t, 'dungeoneer/no-space');
  t.notOk(cell(sc, 0, 1).open.includes('E'), 'the grid shows that door as blocked');
});

t.test('Game Layout Diagram (Map 2): the exit of the space you leave decides — locked one way, open the other', async (t) => {
  // Rat Run, south of the entrance: a locked door on its north side, facing the entrance's open door.
  const sc = scenario({
    heroes: ['brannoc', 'ysolde'],
    passages: ['dripping-crossway', 'narrow-fork', 'rat-run', 'mossy-passage'],
    mapDeck: ['ember-forge'],
  });
  sc.toHeroPhase();
  t.same(only(sc.do(0, { type: 'Move', direction: 'S' }), 'ThreatRolled'), [], 'into the Rat Run through the open door: no roll');
  sc.spec.when({ type: 'Move', direction: 'N' }).thenViolates(t, 'dungeoneer/door-locked');
  t.same(
    sc.legal(0).filter((c) => c.type === 'OpenDoor'),
    [{ type: 'OpenDoor', direction: 'N' }],
  );
});

t.test('HERO PHASE, Open Locked Door: a success is free and the door opens; then moving through costs 1', async (t) => {
  const sc = scenario({ heroes: ['tamsin', 'ysolde'], passages: ['dripping-crossway', 'narrow-fork', 'rat-run', 'mossy-passage'] });
  sc.toHeroPhase().move('S');
  // Melee 2 + a 2 meets the door's 4.
  sc.spec.when({ type: 'OpenDoor', direction: 'N' }, { random: scriptedRandom({ roll: 2 }) }).then(t, [
    { type: 'ThreatRolled', seat: 0, source: 'door', stat: 'melee', roll: 2, score: 2, target: 4, success: true },
    { type: 'DoorOpened', x: 0, y: -1, side: 'N' },
  ]);
  sc.do(0, { type: 'OpenDoor', direction: 'N' }, { roll: 2 });
  t.equal(sc.hero(0).movements, 2, 'the success cost nothing');
  t.match(sc.do(0, { type: 'Move', direction: 'N' }), [
    { type: 'MovementsSet', movements: 1 },
    { type: 'HeroMoved', x: 0, y: 0 },
  ]);
});

t.test('HERO PHASE, Open Locked Door: a failure costs 1 Movement and opens it anyway; doors reset next turn', async (t) => {
  const sc = scenario({ heroes: ['tamsin', 'ysolde'], passages: ['dripping-crossway', 'narrow-fork', 'rat-run', 'mossy-passage'] });
  sc.toHeroPhase().move('S');
  t.same(sc.do(0, { type: 'OpenDoor', direction: 'N' }, { roll: 1 }), [
    { type: 'ThreatRolled', seat: 0, source: 'door', stat: 'melee', roll: 1, score: 2, target: 4, success: false },
    { type: 'DoorOpened', x: 0, y: -1, side: 'N' },
    { type: 'MovementsSet', seat: 0, movements: 1 },
  ]);
  t.ok(cell(sc, 0, -1).open.includes('N'), 'open for the rest of the turn');
  sc.finishTurn();
  t.notOk(cell(sc, 0, -1).open.includes('N'), 'reset when the next turn begins');
});

t.test(
  'MAP CARDS, Locked Door: the last Movement spent on the door leaves the hero on the cusp; it stays open until crossed',
  async (t) => {
    const sc = scenario({ heroes: ['ysolde', 'brannoc'], passages: ['dripping-crossway', 'narrow-fork', 'rat-run', 'mossy-passage'] });
    sc.toHeroPhase().move('S');
    t.same(sc.do(0, { type: 'OpenDoor', direction: 'N' }, { roll: 1 }).slice(-2), [
      { type: 'MovementsSet', seat: 0, movements: 0 },
      { type: 'HeroOnCusp', seat: 0, side: 'N' },
    ]);
    sc.finishTurn();
    t.equal(sc.active, 1);
    t.ok(cell(sc, 0, -1).open.includes('N'), 'the door is open for everyone on the next player’s turn');
    sc.toHeroPhase().finishTurn();
    sc.toHeroPhase();
    t.equal(sc.hero(0).cusp, 'N');
    t.match(sc.do(0, { type: 'Move', direction: 'N' }), [
      { type: 'MovementsSet', movements: 1 },
      { type: 'HeroMoved', x: 0, y: 0, side: 'N' },
    ]);
    t.equal(sc.hero(0).cusp, null, 'off the cusp once through');
  },
);

t.test('MAP CARDS, Trapped Door: roll as you go through; a failure wounds and the hero goes through (priority order)', async (t) => {
  // Split Corridor west of the entrance: its east side, facing the entrance, is trapped (speed 4).
  const sc = scenario({
    heroes: ['brannoc', 'ysolde'],
    passages: ['dripping-crossway', 'narrow-fork', 'buttressed-way', 'split-corridor'],
  });
  sc.toHeroPhase().move('W');
  t.same(sc.do(0, { type: 'Move', direction: 'E' }, { roll: 1 }), [
    { type: 'ThreatRolled', seat: 0, source: 'door', stat: 'speed', roll: 1, score: 2, target: 4, success: false },
    { type: 'HeroWounded', seat: 0, wounds: 1, life: 5 },
    { type: 'DoorOpened', x: -1, y: 0, side: 'E' },
    { type: 'MovementsSet', seat: 0, movements: 0 },
    { type: 'HeroMoved', seat: 0, x: 0, y: 0, side: 'E' },
    { type: 'SpaceCollected', seat: 0, x: 0, y: 0, glory: 1, peril: 1 },
  ]);
  t.ok(cell(sc, -1, 0).open.includes('E'), 'the door is treated as open for the rest of the turn');
});

t.test('MAP CARDS, Trapped Door: a Trapped Door is an Obstacle, so a Hazard does not raise it', async (t) => {
  // Echoing Stair (a Hazard +1) north of the entrance; its west side is locked, so come from the entrance's trapped neighbour.
  const sc = scenario({ heroes: ['tamsin', 'ysolde'], passages: ['echoing-stair', 'narrow-fork', 'buttressed-way', 'split-corridor'] });
  sc.toHeroPhase().move('W');
  t.match(only(sc.do(0, { type: 'Move', direction: 'E' }, { roll: 1 }), 'ThreatRolled'), [{ target: 4, success: true }]);
});

t.test('MAP CARDS, Pits: entering a space with a Pit on your turn means a roll; success keeps the hero standing', async (t) => {
  const sc = scenario({ heroes: ['tamsin', 'ysolde'], mapDeck: ['bone-pit'] }).toHeroPhase(0, 2);
  sc.move('N');
  const events = sc.do(0, { type: 'Move', direction: 'N' }, { roll: 1 });
  t.same(only(events, 'ThreatRolled'), [
    { type: 'ThreatRolled', seat: 0, source: 'pit', stat: 'speed', roll: 1, score: 3, target: 4, success: true },
  ]);
  t.same(only(events, 'HeroTipped'), []);
});

t.test('MAP CARDS, Pits and GLOSSARY, Tipped: a failed pit roll tips the hero, who must climb out before moving', async (t) => {
  const sc = scenario({ heroes: ['brannoc', 'ysolde'], mapDeck: ['bone-pit'] }).toHeroPhase(0, 2);
  sc.move('N');
  t.same(sc.do(0, { type: 'Move', direction: 'N' }, { roll: 1 }).slice(-2), [
    { type: 'ThreatRolled', seat: 0, source: 'pit', stat: 'speed', roll: 1, score: 2, target: 4, success: false },
    { type: 'HeroTipped', seat: 0, tipped: true },
  ]);
  sc.finishTurn().toHeroPhase().finishTurn().toHeroPhase();
  sc.spec.when({ type: 'Move', direction: 'S' }).thenViolates(t, 'dungeoneer/tipped');
  sc.spec.when({ type: 'ClimbOut' }).then(t, [
    { type: 'MovementsSet', seat: 0, movements: 1 },
    { type: 'HeroTipped', seat: 0, tipped: false },
  ]);
});

t.test('MAP CARDS, Spikes, and MISCELLANEOUS, Priority Order: Movement, entering, Glory and Peril, then the room', async (t) => {
  const sc = scenario({ heroes: ['brannoc', 'ysolde'], mapDeck: ['hall-of-thorns'] }).toHeroPhase(0, 2);
  sc.move('N');
  t.same(sc.do(0, { type: 'Move', direction: 'N' }, { roll: 1 }), [
    { type: 'MovementsSet', seat: 0, movements: 0 },
    { type: 'HeroMoved', seat: 0, x: 0, y: 2, side: 'N' },
    { type: 'SpaceCollected', seat: 0, x: 0, y: 2, glory: 2, peril: 2 },
    { type: 'ThreatRolled', seat: 0, source: 'spikes', stat: 'speed', roll: 1, score: 2, target: 4, success: false },
    { type: 'HeroWounded', seat: 0, wounds: 1, life: 5 },
  ]);
});
