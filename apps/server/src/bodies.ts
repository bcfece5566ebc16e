// Service results → response bodies: explicit copies, so only the fields openapi.yaml names ever leave the server.
import type { AuditResult, GameListItem, GameSummary, VisibleEvent } from './ports';

export function summaryBody(s: GameSummary) {
  return {
    id: s.id,
    module: s.module,
    status: s.status,
    rulesVersion: s.rulesVersion,
    phase: s.phase,
    seats: s.seats.map(({ seat, claimed, name, player, character }) => ({ seat, claimed, name, player, character })),
    awaiting: [...s.awaiting],
    winners: s.winners === null ? null : [...s.winners],
    revision: s.revision,
    seedHash: s.seedHash,
    campaign: s.campaign,
  };
}

export function eventBody(e: VisibleEvent) {
  return { revision: e.revision, type: e.type, data: e.data, at: e.at };
}

export function listItemBody(g: GameListItem) {
  return {
    id: g.id,
    module: g.module,
    status: g.status,
    seats: g.seats,
    openSeats: g.openSeats,
    revision: g.revision,
    createdAt: g.createdAt,
  };
}

export function auditBody(a: AuditResult) {
  const commands = a.commands.map(({ revision, actor, input }) => ({ revision, actor, input }));
  const body = { verdict: a.verdict, verified: a.verified, seed: a.seed, rulesVersion: { ...a.rulesVersion }, commands };
  if (!a.divergence) return body;
  const { revision, reason, expected, actual } = a.divergence;
  return { ...body, divergence: { revision, reason, expected, actual } };
}
