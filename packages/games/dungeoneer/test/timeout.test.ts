// Tables that run themselves: a seat's least harmful move when its time runs out, and conceding (our rulings,
// docs/rulings/dungeoneer.md "Time running out" and "Conceding"), each against the section of the text it follows.
import t from 'tap';
import { dungeoneer, type DungeoneerCommand, type DungeoneerEvent } from '../src/index';
import { only, scenario, type Deal } from './support';

const DL = ['gutter-wretch-1', 'lantern-moths-1', 'snapjaw-trap-1', 'creeping-doubt-1', 'rubble-slide-1'];
const HERO = ['battle-focus-1', 'warding-sign-1', 'homeward-rune-1', 'sudden-cramp-1', 'quick-step-1'];
const types = (events: readonly DungeoneerEvent[]) => events.map((e) => e.type);
const timeout = (sc: ReturnType<typeof scenario>, seat: number): DungeoneerCommand | null =>
  dungeoneer.timeoutCommand?.(sc.state, seat) ?? null;
const isLegal = (sc: ReturnType<typeof scenario>, seat: number, c: DungeoneerCommand | null) =>
  c !== null && sc.legal(seat).some((x) => JSON.stringify(x) === JSON.stringify(c));

t.test('TURN CYCLE: a player whose time runs out ends each phase of its turn, placing and discarding what it must', async (t) => {
  const sc = scenario({ hands: [DL, HERO] });
  t.equal(sc.state.turn?.phase, 'dungeonlord');
  t.same(timeout(sc, 0), { type: 'EndPhase' }, '2. Dungeonlord Phase: end it, sending nothing');
  t.equal(timeout(sc, 1), null, 'the player waiting for its turn has nothing it must do');
  sc.do(0, { type: 'EndPhase' });
  t.equal(sc.state.prompt?.kind, 'place-map', '3. Build Phase: the drawn Map card waits');
  const place = timeout(sc, 0);
  t.equal(place?.type, 'PlaceMap', 'it is placed where it first fits');
  t.ok(isLegal(sc, 0, place), 'a legal placement');
  sc.do(0, place as DungeoneerCommand);
  t.equal(sc.state.turn?.phase, 'hero');
  t.same(timeout(sc, 0), { type: 'EndPhase' }, '4. Hero Phase: end it where the hero stands');
  sc.do(0, { type: 'EndPhase' });
  t.equal(sc.state.turn?.phase, 'discard');
  t.same(timeout(sc, 0), { type: 'Discard', card: DL[0] }, '5. Discard/Draw: with cards in hand one must go, the first of the hand');
  sc.do(0, timeout(sc, 0) as DungeoneerCommand);
  t.equal(sc.active, 1, 'and the turn passes');
});

t.test(
  'TURN CYCLE 2, Dungeonlord Phase: a Dungeonlord out of time resolves the Encounters it played; an engaged hero passes',
  async (t) => {
    const sc = scenario({ hands: [DL, HERO] });
    sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
    t.same(timeout(sc, 0), { type: 'ResolveEncounters' }, 'the phase cannot end with Encounters waiting: they resolve');
    sc.do(0, { type: 'ResolveEncounters' });
    t.equal(sc.state.prompt?.kind, 'respond');
    t.same(timeout(sc, 1), { type: 'Pass' }, 'B. Response: the engaged hero lets it go by');
    t.equal(timeout(sc, 0), null, 'the Dungeonlord is not awaited while the hero may respond');
  },
);

t.test('TURN CYCLE 1, Reset Phase: a player out of time lets a card with upkeep return to its hand rather than pay', async (t) => {
  const sc = scenario({ hands: [DL, ['striding-boots-1', ...HERO.slice(1)]] });
  sc.toHeroPhase().finishTurn();
  for (let guard = 0; guard < 10 && sc.state.turn?.phase !== 'hero'; guard++) sc.toHeroPhase();
  sc.do(1, { type: 'ReadyTreasure', card: 'striding-boots-1', use: false });
  sc.finishTurn();
  sc.toHeroPhase().finishTurn();
  t.match(sc.state.prompt, { kind: 'upkeep', seat: 1 }, 'the boots’ upkeep is due');
  t.same(timeout(sc, 1), { type: 'Upkeep', card: 'striding-boots-1', pay: false });
});

t.test('Conceding (ruling; HERO CARDS, Defeat): a player may leave once play has begun, out of the game for good', async (t) => {
  const sc = scenario({ seats: 3, hands: [DL, HERO, []] });
  for (const seat of [0, 1, 2]) t.same(dungeoneer.concession?.(sc.state, seat), { type: 'Concede' }, `seat ${seat} may concede`);
  t.same(sc.legal(1).at(-1), { type: 'Concede' }, 'off turn too, listed last');
  const quests = [...sc.player(1).quests];
  const events = sc.do(1, { type: 'Concede' });
  t.same(events[0], { type: 'PlayerConceded', seat: 1, cards: HERO, quests, hidden: [] }, 'its cards are discarded, its quests leave play');
  t.ok(sc.player(1).left && sc.player(1).defeated, 'the player is out');
  t.equal(sc.player(1).defeats, 0, 'a concession is no fall');
  t.ok(
    quests.every((q) => sc.state.questDiscard.includes(q)),
    'its quests are out of play',
  );
  t.ok(
    HERO.every((c) => sc.state.discard.includes(c)),
    'its cards are in the discard pile',
  );
  t.same(sc.legal(1), [], 'it may send nothing more');
  t.equal(dungeoneer.concession?.(sc.state, 1), null);
  sc.spec.when({ type: 'Concede' }, { seat: 1 }).thenViolates(t, 'dungeoneer/defeated');
  sc.toHeroPhase().finishTurn();
  t.equal(sc.active, 2, 'its turns are skipped');
});

t.test('Conceding (ruling; Set-Up, the last hero standing wins): with one player left, that player wins', async (t) => {
  const sc = scenario({ hands: [DL, HERO] });
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  const events = sc.do(0, { type: 'Concede' });
  t.same(types(events), ['PlayerConceded', 'GameWon'], 'on its own turn, in the middle of its Encounters');
  t.same(only(events, 'PlayerConceded')[0]?.cards, [...DL.slice(1), DL[0]], 'the Encounter it had played is discarded with its hand');
  t.same(dungeoneer.status(sc.state), { phase: 'finished', awaiting: [], winners: [1] });
});

t.test(
  'Conceding (ruling; OPTIONAL ADVANCED RULES, Respawn and Malevolent Force): a player who concedes comes back in no form',
  async (t) => {
    const respawn = scenario({ seats: 3, options: { respawn: true }, hands: [DL, HERO, []] });
    respawn.do(0, { type: 'Concede' });
    t.ok(respawn.player(0).left, 'no new hero: the player is gone');
    t.equal(respawn.active, 1, 'the turn passes on');
    respawn.do(1, { type: 'Concede' });
    t.same(dungeoneer.status(respawn.state).winners, [2], 'and with one player left, that player wins (Respawn or not)');
    const force = scenario({ seats: 3, options: { malevolentForce: true }, hands: [DL, HERO, []] });
    force.do(1, { type: 'Concede' });
    t.equal(force.player(1).force, false, 'no Malevolent Force either');
  },
);

t.test(
  'Conceding (ruling; CAMPAIGN ADVENTURES, the goals): without its Dungeonlord the party wins; without heroes the Dungeonlord',
  async (t) => {
    const campaign: Deal = { seats: 3, options: { campaign: {} } };
    const dlLeaves = scenario(campaign);
    const events = dlLeaves.do(0, { type: 'Concede' });
    t.same(only(events, 'GameWon'), [{ type: 'GameWon', winners: [1, 2], how: 'party' }]);
    const heroesLeave = scenario(campaign);
    heroesLeave.do(1, { type: 'Concede' });
    t.equal(dungeoneer.status(heroesLeave.state).winners, undefined, 'one hero gone: the adventure goes on');
    heroesLeave.do(2, { type: 'Concede' });
    t.same(dungeoneer.status(heroesLeave.state).winners, [0], 'every hero player gone counts as felled: the Dungeonlord’s Goal');
  },
);

t.test('Conceding (ruling; Set-Up): before play begins nobody concedes (the set-up’s own choices come first)', async (t) => {
  const sc = scenario({ options: { secretQuest: true } });
  t.equal(sc.state.prompt?.kind, 'secret-quest');
  t.equal(dungeoneer.concession?.(sc.state, 0), null);
  sc.spec.when({ type: 'Concede' }, { seat: 0 }).thenViolates(t, 'dungeoneer/not-started');
  t.same(timeout(sc, 0)?.type, 'KeepSecret', 'a player out of time keeps its first quest secret');
});
