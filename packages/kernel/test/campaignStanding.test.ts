// A campaign's standing: the seats' tallies (outcome.tally from a module's progression) added up per side and member.
import t from 'tap';
import { evolveCampaign, standingOf, tallyOf, type CampaignEvent, type CampaignState } from '../src/index';

const [ADA, BOB, CY] = [
  '00000000-0000-4000-8000-00000000000a',
  '00000000-0000-4000-8000-00000000000b',
  '00000000-0000-4000-8000-00000000000c',
];
const GAMES = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
const tally = (side: string, goal: boolean, counts: Record<string, number>) => ({ tally: { side, goal, counts } });

function recorded(gameId: string, winners: number[], outcomes: unknown[], status: 'finished' | 'abandoned' = 'finished'): CampaignEvent {
  return {
    type: 'CampaignGameRecorded',
    gameId,
    status,
    winners,
    at: '2026-03-01T10:00:00Z',
    seats: [ADA, BOB, CY].map((player, seat) => ({
      seat,
      player,
      character: null,
      won: winners.includes(seat),
      outcome: outcomes[seat] ?? null,
    })),
  };
}

function fold(events: CampaignEvent[]): CampaignState {
  return events.reduce<CampaignState | undefined>((s, e) => evolveCampaign(s, e, '2026-03-01T09:00:00Z'), undefined) as CampaignState;
}

t.test('a tally is read from a seat outcome only when it has the shape; anything else counts for nothing', async (t) => {
  t.same(tallyOf(tally('heroes', true, { quests: 2 })), { side: 'heroes', goal: true, counts: { quests: 2 } });
  t.equal(tallyOf(null), null);
  t.equal(tallyOf({ points: 3 }), null, 'an outcome without a tally');
  t.equal(tallyOf({ tally: { side: 'heroes', goal: 'yes', counts: {} } }), null, 'a malformed tally');
});

t.test('each recorded game names the sides that reached their goal; the standing adds them up per side and member', async (t) => {
  const s = fold([
    { type: 'CampaignCreated', campaignId: GAMES[0] as string, name: 'Deep', module: 'm', owner: ADA as string },
    recorded(
      GAMES[0] as string,
      [1, 2],
      [tally('dungeonlord', false, { heroesDefeated: 1 }), tally('heroes', true, { quests: 2 }), tally('heroes', true, { quests: 2 })],
    ),
    recorded(
      GAMES[1] as string,
      [0],
      [
        tally('dungeonlord', true, { heroesDefeated: 2 }),
        tally('heroes', false, { quests: 1 }),
        tally('heroes', false, { quests: 0, defeats: 2 }),
      ],
    ),
    recorded(GAMES[2] as string, [], [tally('dungeonlord', true, { heroesDefeated: 9 })], 'abandoned'),
  ]);
  t.same(
    s.games.map((g) => g.goals),
    [['heroes'], ['dungeonlord'], []],
    'which side reached its goal, per game',
  );
  t.same(s.standing.sides, [
    { side: 'dungeonlord', games: 2, goals: 1 },
    { side: 'heroes', games: 2, goals: 1 },
  ]);
  t.same(
    s.standing.members,
    [
      { player: ADA, character: null, games: 2, wins: 1, goals: 1, counts: [{ name: 'heroesDefeated', total: 3 }] },
      { player: BOB, character: null, games: 2, wins: 1, goals: 1, counts: [{ name: 'quests', total: 3 }] },
      {
        player: CY,
        character: null,
        games: 2,
        wins: 1,
        goals: 1,
        counts: [
          { name: 'quests', total: 2 },
          { name: 'defeats', total: 2 },
        ],
      },
    ],
    'an abandoned game counts for nobody',
  );
  t.same(standingOf(s.games), s.standing, 'the standing is a function of the games alone');
});
