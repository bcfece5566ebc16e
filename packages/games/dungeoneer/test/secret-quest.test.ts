// dungeoneer.txt, OPTIONAL ADVANCED RULES, Secret Quest: two personal quests dealt face down, one kept hidden in the
// hand until attempted — hidden from every other viewer, in views, events and refusals alike.
import t from 'tap';
import { randomFor, type RuleViolation } from '@delve/kernel';
import { dungeoneer, HIDDEN, questCard } from '../src/index';
import { only, scenario, type Deal } from './support';

// Seat 0: the Lost Pilgrim (an escort from the Mossy Passage, west of the entrance; -1 Speed while in play) and the
// Gambler's Mirror. Seat 1: Blood Tithe and Oath of Ash. Seat 2 (when there is one): two Search quests.
const DEAL: Deal = {
  options: { secretQuest: true },
  quests: ['lost-pilgrim', 'gamblers-mirror', 'blood-tithe', 'oath-of-ash', 'hidden-codex', 'wardens-key', 'stolen-reliquary'],
};
const GUTTER = ['gutter-wretch-1', 'second-wind-1', 'quick-step-1', 'gutter-wretch-2', 'gutter-wretch-3'];

/** Every seat answers the choice: seat 0 keeps the Lost Pilgrim hidden, the others their first quest. */
function chosen(deal: Deal = DEAL) {
  const sc = scenario(deal);
  sc.do(0, { type: 'KeepSecret', quest: 'lost-pilgrim' });
  for (let seat = 1; seat < sc.seats; seat++) sc.do(seat, { type: 'KeepSecret', quest: sc.player(seat).secretQuests[0]! });
  return sc;
}

t.test('Secret Quest: the two personal quests are dealt face down — only their holder sees them', async (t) => {
  const sc = scenario(DEAL);
  const dealt = only(sc.events, 'QuestsDealt')[0]!;
  t.same(sc.player(0).secretQuests, ['lost-pilgrim', 'gamblers-mirror'], 'in the hand');
  t.same(sc.player(0).quests, [], 'nothing face up yet');
  const seen = dungeoneer.redact(dealt, { kind: 'seat', seat: 1 }, sc.state) as typeof dealt;
  t.same(seen.quests[0], { seat: 0, cards: [HIDDEN, HIDDEN] });
  t.same(seen.quests[1], dealt.quests[1], 'its own quests');
  t.same((dungeoneer.redact(dealt, { kind: 'spectator' }, sc.state) as typeof dealt).quests[1]!.cards, [HIDDEN, HIDDEN]);
  t.same(dungeoneer.view(sc.state, { kind: 'seat', seat: 1 }).players[0]!.secretQuests, [HIDDEN, HIDDEN]);
});

t.test('Secret Quest: each player keeps one hidden and reveals the other before the first turn', async (t) => {
  const sc = scenario(DEAL);
  t.same(dungeoneer.status(sc.state), { phase: 'secret-quest', awaiting: [0, 1] }, 'both choose, in any order');
  t.same(only(sc.events, 'TurnStarted'), [], 'play has not begun');
  sc.spec.when({ type: 'KeepSecret', quest: 'blood-tithe' }, { seat: 0 }).thenViolates(t, 'dungeoneer/not-your-quest');
  const events = sc.do(0, { type: 'KeepSecret', quest: 'lost-pilgrim' });
  t.same(events, [{ type: 'SecretQuestChosen', seat: 0, secret: 'lost-pilgrim', revealed: 'gamblers-mirror' }]);
  t.same(dungeoneer.redact(events[0]!, { kind: 'seat', seat: 1 }, sc.state), {
    type: 'SecretQuestChosen',
    seat: 0,
    secret: HIDDEN,
    revealed: 'gamblers-mirror',
  });
  t.same(sc.player(0).quests, ['gamblers-mirror'], 'the other is face up');
  sc.spec.when({ type: 'KeepSecret', quest: 'lost-pilgrim' }, { seat: 0 }).thenViolates(t, 'dungeoneer/not-asked');
  t.match(sc.do(1, { type: 'KeepSecret', quest: 'oath-of-ash' }), [
    { type: 'SecretQuestChosen', seat: 1 },
    { type: 'PromptClosed' },
    { type: 'TurnStarted', seat: 0, round: 1 },
  ]);
});

t.test('Secret Quest: a hidden quest is in the hand, not in play — its effect and its space wait for the reveal', async (t) => {
  const sc = chosen();
  t.match(only(sc.events, 'MovementsSet')[0], { seat: 0, movements: 2 }, 'the Lost Pilgrim’s -1 Speed does not count yet');
  const cells = dungeoneer.view(sc.state, { kind: 'seat', seat: 1 }).grid.cells;
  t.notOk(
    cells.some((c) => c.quests.includes('lost-pilgrim')),
    'the grid does not mark its spaces',
  );
  t.same(dungeoneer.view(sc.state, { kind: 'seat', seat: 0 }).players[0]!.secretQuests, ['lost-pilgrim'], 'its holder sees it');
  t.same(dungeoneer.view(sc.state, { kind: 'spectator' }).players[0]!.secretQuests, [HIDDEN]);
});

t.test('Secret Quest: attempting a secret quest reveals it — picking up its escort component is the attempt', async (t) => {
  const sc = chosen();
  sc.toHeroPhase().move('W');
  t.ok(
    sc.legal(0).some((c) => c.type === 'PickUpComponent' && c.quest === 'lost-pilgrim'),
    'its holder may go for it',
  );
  t.same(sc.do(0, { type: 'PickUpComponent', quest: 'lost-pilgrim' }), [
    { type: 'QuestRevealed', seat: 0, quest: 'lost-pilgrim' },
    { type: 'ComponentPickedUp', seat: 0, quest: 'lost-pilgrim', from: 'source', owner: 0 },
  ]);
  t.same(sc.player(0).secretQuests, []);
  t.same(dungeoneer.view(sc.state, { kind: 'seat', seat: 1 }).players[0]!.quests, ['gamblers-mirror', 'lost-pilgrim'], 'now face up');
  sc.finishTurn().toHeroPhase().finishTurn();
  t.match(only(sc.events, 'MovementsSet').at(-1), { seat: 0, movements: 1 }, 'in play, its -1 Speed counts');
});

t.test('Secret Quest: another player’s hidden quest is refused exactly as a quest out of play is', async (t) => {
  const sc = chosen();
  sc.toHeroPhase().finishTurn().toHeroPhase().move('W');
  // What seat 1 is told, with the name of the quest it asked about (which it knows already) blanked out.
  const refusal = (quest: string, type: 'AttemptQuest' | 'PickUpComponent') => {
    try {
      dungeoneer.decide({ type, quest }, sc.state, { actor: { kind: 'seat', seat: 1 }, random: randomFor('probe', 0) });
      return null;
    } catch (error) {
      const e = error as RuleViolation;
      return { code: e.code, message: e.message.replace(questCard(quest)!.name, 'QUEST') };
    }
  };
  t.same(refusal('lost-pilgrim', 'AttemptQuest'), refusal('cinder-crown', 'AttemptQuest'), 'attempting it');
  t.same(refusal('lost-pilgrim', 'PickUpComponent'), refusal('cinder-crown', 'PickUpComponent'), 'taking its component');
  t.match(refusal('lost-pilgrim', 'PickUpComponent'), { code: 'dungeoneer/not-in-play' });
});

t.test('Secret Quest: a fallen hero’s secret quest leaves play face down', async (t) => {
  const sc = chosen({ ...DEAL, seats: 3, profiles: [null, { life: 1 }, null], hands: [GUTTER, [], []] });
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  const events = sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 });
  const defeated = only(events, 'HeroDefeated')[0]!;
  t.match(defeated, { seat: 1, quests: ['oath-of-ash'], hidden: ['blood-tithe'], fate: 'out' });
  t.same((dungeoneer.redact(defeated, { kind: 'seat', seat: 2 }, sc.state) as typeof defeated).hidden, [HIDDEN]);
  t.same(dungeoneer.view(sc.state, { kind: 'seat', seat: 0 }).questsBuried, [HIDDEN]);
  t.same(dungeoneer.view(sc.state, { kind: 'audit' }).questsBuried, ['blood-tithe']);
  t.same(sc.state.questDiscard, ['oath-of-ash'], 'only the revealed one is face up');
});
