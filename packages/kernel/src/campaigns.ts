// Campaigns (`campaign-<uuid>` streams): a party of players (each optionally with a character) playing games of one
// module in the campaign's name, and the results of those games, as a pure decider and fold.
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { RuleViolation } from './errors';
import type { Seat } from './module';
import {
  CampaignTally,
  type CampaignCount,
  type CampaignGame,
  type CampaignMember,
  type CampaignSeat,
  type CampaignSeatResult,
  type CampaignStanding,
} from './schemas';

export type { CampaignGame, CampaignMember, CampaignSeat, CampaignSeatResult, CampaignStanding };

export const campaignStream = (id: string): string => `campaign-${id}`;

export type CampaignEvent =
  | { type: 'CampaignCreated'; campaignId: string; name: string; module: string; owner: string }
  | { type: 'CampaignMemberJoined'; player: string; name: string; character: string | null }
  | { type: 'CampaignGameScheduled'; gameId: string; seats: CampaignSeat[] }
  | {
      type: 'CampaignGameRecorded';
      gameId: string;
      status: 'finished' | 'abandoned';
      winners: Seat[];
      at: string;
      seats: CampaignSeatResult[];
    };

export const CAMPAIGN_EVENT_TYPES: ReadonlySet<string> = new Set([
  'CampaignCreated',
  'CampaignMemberJoined',
  'CampaignGameScheduled',
  'CampaignGameRecorded',
]);

export interface CampaignState {
  readonly id: string;
  readonly name: string;
  readonly module: string;
  readonly owner: string;
  readonly createdAt: string;
  readonly members: CampaignMember[];
  readonly games: CampaignGame[];
  /** The finished games' tallies added up (see standingOf). */
  readonly standing: CampaignStanding;
}

/** A campaign seats at most this many members (the largest table any module takes). */
export const MAX_CAMPAIGN_MEMBERS = 16;

export type CampaignCommand =
  | { kind: 'create'; campaignId: string; name: string; module: string; owner: string; ownerName: string; character: string | null }
  | { kind: 'join'; player: string; name: string; character: string | null }
  | { kind: 'schedule'; player: string; gameId: string; seats: CampaignSeat[] }
  | { kind: 'record'; gameId: string; status: 'finished' | 'abandoned'; winners: Seat[]; at: string; seats: CampaignSeatResult[] };

/**
 * Decide a campaign command: the creator is its first member; a player joins once; only members schedule games;
 * a game's result is recorded once (a second record of the same game decides nothing).
 */
export function decideCampaign(command: CampaignCommand, state: CampaignState | null): CampaignEvent[] {
  if (command.kind === 'create') {
    if (state) throw new RuleViolation('campaign/exists', 'this campaign already exists');
    return [
      { type: 'CampaignCreated', campaignId: command.campaignId, name: command.name, module: command.module, owner: command.owner },
      { type: 'CampaignMemberJoined', player: command.owner, name: command.ownerName, character: command.character },
    ];
  }
  if (!state) throw new RuleViolation('campaign/not-found', 'no such campaign');
  switch (command.kind) {
    case 'join':
      if (state.members.some((m) => m.player === command.player))
        throw new RuleViolation('campaign/already-member', 'this player is already a member');
      if (state.members.length >= MAX_CAMPAIGN_MEMBERS)
        throw new RuleViolation('campaign/full', `a campaign has at most ${MAX_CAMPAIGN_MEMBERS} members`);
      return [{ type: 'CampaignMemberJoined', player: command.player, name: command.name, character: command.character }];
    case 'schedule':
      if (!state.members.some((m) => m.player === command.player))
        throw new RuleViolation('campaign/not-member', 'only members schedule games');
      return [{ type: 'CampaignGameScheduled', gameId: command.gameId, seats: command.seats }];
    case 'record':
      if (state.games.some((g) => g.gameId === command.gameId && g.status !== 'scheduled')) return [];
      return [
        {
          type: 'CampaignGameRecorded',
          gameId: command.gameId,
          status: command.status,
          winners: command.winners,
          at: command.at,
          seats: command.seats,
        },
      ];
  }
}

/** Fold one campaign event (`at`: when it was recorded). Total. */
export function evolveCampaign(state: CampaignState | undefined, event: CampaignEvent, at: string): CampaignState {
  const s: CampaignState = state ?? {
    id: '',
    name: '',
    module: '',
    owner: '',
    createdAt: at,
    members: [],
    games: [],
    standing: NO_STANDING,
  };
  switch (event.type) {
    case 'CampaignCreated':
      return { ...s, id: event.campaignId, name: event.name, module: event.module, owner: event.owner, createdAt: at };
    case 'CampaignMemberJoined':
      return { ...s, members: [...s.members, { player: event.player, name: event.name, character: event.character }] };
    case 'CampaignGameScheduled':
      return {
        ...s,
        games: [...s.games, { gameId: event.gameId, status: 'scheduled', scheduledAt: at, endedAt: null, winners: [], seats: event.seats }],
      };
    case 'CampaignGameRecorded': {
      const ended: CampaignGame = {
        gameId: event.gameId,
        status: event.status,
        scheduledAt: s.games.find((g) => g.gameId === event.gameId)?.scheduledAt ?? null,
        endedAt: event.at,
        winners: event.winners,
        goals: event.status === 'finished' ? goalsOf(event.seats) : [],
        seats: event.seats,
      };
      const known = s.games.some((g) => g.gameId === event.gameId);
      const games = known ? s.games.map((g) => (g.gameId === event.gameId ? ended : g)) : [...s.games, ended];
      return { ...s, games, standing: standingOf(games) };
    }
    default:
      return s;
  }
}

const NO_STANDING: CampaignStanding = { sides: [], members: [] };
const isTally = TypeCompiler.Compile(CampaignTally);

/** The tally a module's progression put in a seat's outcome (`outcome.tally`), or null when there is none. */
export function tallyOf(outcome: unknown): CampaignTally | null {
  const tally = outcome !== null && typeof outcome === 'object' ? (outcome as { tally?: unknown }).tally : undefined;
  return isTally.Check(tally) ? tally : null;
}

/** The sides that reached their goal in a game, from its seats' tallies, in seat order. */
function goalsOf(seats: readonly CampaignSeat[]): string[] {
  const sides = seats.map((seat) => tallyOf(seat.outcome)).flatMap((t) => (t?.goal && t.side !== null ? [t.side] : []));
  return [...new Set(sides)];
}

/**
 * A campaign's standing: per side, the finished games it was played in and the goals it reached; per member, games,
 * wins, goals and every count of its tallies summed. Recomputed from the games, so recording a game twice (which
 * decideCampaign prevents anyway) could not count it twice.
 */
export function standingOf(games: readonly CampaignGame[]): CampaignStanding {
  const sides = new Map<string, { side: string; games: number; goals: number }>();
  const members = new Map<
    string,
    { player: string; character: string | null; games: number; wins: number; goals: number; counts: Map<string, number> }
  >();
  for (const game of games) {
    if (game.status !== 'finished') continue;
    const seen = new Set<string>();
    for (const seat of game.seats) {
      const tally = tallyOf(seat.outcome);
      if (tally?.side != null && !seen.has(tally.side)) {
        seen.add(tally.side);
        const side = sides.get(tally.side) ?? { side: tally.side, games: 0, goals: 0 };
        sides.set(tally.side, { ...side, games: side.games + 1, goals: side.goals + ((game.goals ?? []).includes(tally.side) ? 1 : 0) });
      }
      if (seat.player === null) continue;
      const m = members.get(seat.player) ?? { player: seat.player, character: null, games: 0, wins: 0, goals: 0, counts: new Map() };
      for (const [name, n] of Object.entries(tally?.counts ?? {})) m.counts.set(name, (m.counts.get(name) ?? 0) + n);
      members.set(seat.player, {
        ...m,
        character: seat.character ?? m.character,
        games: m.games + 1,
        wins: m.wins + (seat.won === true ? 1 : 0),
        goals: m.goals + (tally?.goal === true ? 1 : 0),
      });
    }
  }
  return {
    sides: [...sides.values()],
    members: [...members.values()].map(({ counts, ...m }) => ({
      ...m,
      counts: [...counts].map(([name, total]): CampaignCount => ({ name, total })),
    })),
  };
}
