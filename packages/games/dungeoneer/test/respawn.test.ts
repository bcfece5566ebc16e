// dungeoneer.txt, OPTIONAL ADVANCED RULES, Respawn: a defeated player keeps its Quests, draws a new Hero and new
// Adventure cards, starts again at the Entrance Chamber with 1 Glory and 1 Peril, and there is no last-survivor win.
import t from 'tap';
import { dungeoneer } from '../src/index';
import { only, scenario, type Deal } from './support';

const DL = ['gutter-wretch-1', 'second-wind-1', 'quick-step-1', 'gutter-wretch-2', 'gutter-wretch-3'];
const DEAL: Deal = { options: { respawn: true }, profiles: [null, { life: 1 }], hands: [DL, ['notched-sword-1']] };

/** Seat 0's Gutter Wretch fells seat 1 (one Life left); `pick` is the index drawn from the unused heroes. */
function felled(pick: number, deal: Deal = DEAL) {
  const sc = scenario(deal);
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  return { sc, events: sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 }, { int: pick }) };
}

t.test('Respawn: the fallen player discards every card but its Quests, and draws a new Hero and five new cards', async (t) => {
  const { sc, events } = felled(1);
  const hand = only(sc.events, 'CardsDrawn').find((e) => e.seat === 1)!.cards;
  const defeated = only(events, 'HeroDefeated')[0]!;
  t.same(defeated, { type: 'HeroDefeated', seat: 1, cards: hand, quests: [], hidden: [], loot: [], fate: 'respawn' });
  t.same(sc.player(1).quests, ['blood-tithe', 'oath-of-ash'], 'the quests are kept');
  t.same(only(events, 'HeroRespawned'), [{ type: 'HeroRespawned', seat: 1, hero: 'oskar', level: 1, life: 6, glory: 1, peril: 1 }]);
  t.equal(only(events, 'CardsDrawn').find((e) => e.seat === 1)?.cards.length, 5, 'all-new Adventure cards');
  t.same(
    [...sc.state.heroPool].sort(),
    ['dunstan', 'mirela', 'tamsin', 'ysolde'],
    'the new hero came from the unused ones; the fallen went back',
  );
  t.match(sc.player(1), { defeated: false, defeats: 1, glory: 1, peril: 1, hero: { id: 'oskar', x: 0, y: 0, life: 6, level: 1 } });
});

t.test('Respawn: there is no last-surviving-hero win, and play continues in the same order', async (t) => {
  const { sc, events } = felled(0);
  t.same(only(events, 'GameWon'), [], 'two players, one fell: the game goes on');
  t.equal(dungeoneer.status(sc.state).winners, undefined);
  sc.do(0, { type: 'Stow', card: 'gutter-wretch-1', to: 'hand' });
  sc.do(0, { type: 'AssignPeril', seat: 1 });
  sc.toHeroPhase().finishTurn();
  t.equal(sc.active, 1, 'the respawned player takes its turn as before');
  t.match(only(sc.events, 'MovementsSet').at(-1), { seat: 1, movements: 3 }, 'its new hero’s Speed (Tamsin: 3)');
});

t.test('Respawn: a hero falling on its own turn ends that turn; its player goes on in the same order', async (t) => {
  // The Split Corridor, west of the entrance, has a trapped door on its east side.
  const sc = scenario({
    options: { respawn: true },
    profiles: [{ life: 1 }, null],
    passages: ['dripping-crossway', 'narrow-fork', 'buttressed-way', 'split-corridor'],
  });
  sc.toHeroPhase().move('W');
  t.match(sc.do(0, { type: 'Move', direction: 'E' }, { roll: 1 }, { int: 0 }), [
    { type: 'ThreatRolled', source: 'door', success: false },
    { type: 'HeroWounded', seat: 0, life: 0 },
    { type: 'HeroDefeated', seat: 0, fate: 'respawn' },
    { type: 'HeroRespawned', seat: 0, hero: 'tamsin' },
    { type: 'CardsDrawn', seat: 0 },
    { type: 'TurnEnded', seat: 0, kept: 0 },
    { type: 'TurnStarted', seat: 1 },
  ]);
});

t.test('Respawn: an escort component the fallen hero carried stays in the space where it fell (ruling)', async (t) => {
  const sc = scenario({
    options: { respawn: true },
    profiles: [{ life: 1 }, null],
    quests: ['lost-pilgrim', 'gamblers-mirror', 'blood-tithe', 'oath-of-ash', 'stolen-reliquary'],
    hands: [[], DL],
  });
  sc.toHeroPhase().move('W');
  sc.do(0, { type: 'PickUpComponent', quest: 'lost-pilgrim' });
  sc.finishTurn();
  sc.do(1, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 0, form: 'melee' });
  sc.do(1, { type: 'ResolveEncounters' });
  const events = sc.do(0, { type: 'Pass' }, { roll: 6 }, { roll: 1 }, { int: 0 });
  t.match(events.slice(events.findIndex((e) => e.type === 'ComponentDropped')), [
    { type: 'ComponentDropped', seat: 0, quest: 'lost-pilgrim', x: -1, y: 0 },
    { type: 'HeroDefeated', seat: 0, fate: 'respawn' },
  ]);
  t.ok(sc.player(0).quests.includes('lost-pilgrim'), 'the quest stays the player’s');
  t.same(sc.player(0).carrying, []);
});

t.test('Respawn: with no unused hero left, the fallen hero card comes back to its player (ruling)', async (t) => {
  const sc = scenario(DEAL);
  // Every other hero card is in use (a Multiple-Set Glory deck may hold just one per hero player).
  sc.state = { ...sc.state, heroPool: [] };
  const fallen = sc.hero(1).id;
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  const events = sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 });
  t.match(only(events, 'HeroRespawned'), [{ seat: 1, hero: fallen, level: 1, life: 6 }]);
  t.same(sc.state.heroPool, [], 'the card is with its player, not also among the unused heroes');
});
