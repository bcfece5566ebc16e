// How fast a raid character folds and how long its sheet takes, for a long career (runs at every dungeon, every unlock
// spent). Run: npx tsx packages/games/raid/bench/progression.ts [runs]
import { raidProgression, type RaidCharacterEvent, type RaidCharacterState } from '../src/index';

const runs = Number(process.argv[2] ?? 1000);
const dungeons = ['drowned-crypt', 'emberforge-depths', 'thornwood-hollow'];
const picks: Record<number, { card: string }[]> = {
  10: [{ card: 'quick-jab' }, { card: 'river-scout' }],
  20: [{ card: 'skyfall' }, { card: 'banish' }],
  30: [{ card: 'chain-hauberk' }, { card: 'duskblade-rogue' }],
  40: [{ card: 'spellbreak' }],
  50: [{ card: 'sunder' }, { card: 'militia-pikeman' }],
  60: [{ card: 'dawnbringer' }],
  70: [{ card: 'hunting-bow' }, { card: 'field-medic' }],
  80: [{ card: 'wrath-of-ages' }],
};

// A career through the progression's own deciders.
const events: RaidCharacterEvent[] = [];
let state: RaidCharacterState = raidProgression.initialState();
const apply = (produced: RaidCharacterEvent[]) => {
  events.push(...produced);
  state = produced.reduce(raidProgression.evolve, state);
};
apply(raidProgression.create({ class: 'guardian' }));
for (let n = 0; n < runs; n++) {
  const victory = n % 3 === 0;
  const outcome = {
    dungeon: dungeons[n % 3] ?? 'drowned-crypt',
    difficulty: 'novice' as const,
    victory,
    survived: n % 2 === 0,
    damageDealt: 30 + (n % 30),
    health: 52,
    bossesDestroyed: victory ? ['tidebound-warden'] : [],
    achievements: victory ? ['crypt-cleansed'] : [],
  };
  apply(raidProgression.record({ gameId: `g${n}`, seat: 0, won: victory, at: new Date(0).toISOString(), outcome }, state));
  for (const u of state.unlocks.filter((x) => !x.spent))
    apply(raidProgression.decide({ type: 'SpendUnlock', level: u.level as 10, picks: picks[u.level] ?? [] }, state));
}

const rounds = Math.max(1, Math.round(200_000 / events.length));
let t0 = performance.now();
for (let r = 0; r < rounds; r++) events.reduce(raidProgression.evolve, raidProgression.initialState());
const foldRate = (events.length * rounds) / ((performance.now() - t0) / 1000);
t0 = performance.now();
for (let r = 0; r < 50; r++) raidProgression.sheet(state);
const sheetMs = (performance.now() - t0) / 50;
console.log(`${runs} runs, ${events.length} events, ${state.xp} XP, level ${state.level}, deck of ${state.deck.length}`);
console.log(`fold: ${Math.round(foldRate).toLocaleString('en')} events/s; sheet: ${sheetMs.toFixed(2)} ms`);
