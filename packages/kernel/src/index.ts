// @delve/kernel: the game-module contract, lobby lifecycle, command pipeline, event-store port and RNG.
// Pure parts (contract, folds, deciders, redaction) at the top; runtime/ holds what talks to the store through its port.
export * from './errors';
export * from './module';
export * from './random';
export * from './store';
export * from './lobby';
export * from './clock';
export * from './schemas';
export * from './messages';
export { randomBotFor, randomTurn, type Bot } from './bots';
export { Decision } from './decision';
export { decideBatch, sameJson, type GameInput, type BatchEvent } from './batch';
export { checkExpectedRevision, idempotentReplay, liveSubscription, type SubscriptionSource } from './storeSemantics';
export { StateCache } from './runtime/cache';
export { RecordSnapshots, type SnapshotOptions } from './runtime/snapshots';
export * from './runtime/handler';
export {
  GameStreams,
  gameStream,
  LOBBY_EVENT_VERSION,
  type Appended,
  type Freshness,
  type GameDecision,
  type RecentEvent,
} from './runtime/gameStreams';
export { gameServices, type GameServiceDeps, type GameServices } from './runtime/gameService';
export type { GameLobby } from './runtime/gameLobby';
export type { GameCommands } from './runtime/gameCommands';
export type { GameProgress, GameReads, LegalLists } from './runtime/gameReads';
export type { GameAudit } from './runtime/gameAudit';
export type { ClaimRequest } from './runtime/gameLobby';
export * from './players';
export * from './characters';
export * from './campaigns';
export * from './matchmaking';
export * from './notices';
export { PlayerService, type PlayerServiceDeps } from './runtime/players';
export { CharacterService, type CharacterServiceDeps } from './runtime/characters';
export { CampaignService, type CampaignServiceDeps } from './runtime/campaigns';
export {
  checkFillAfter,
  Matchmaker,
  MATCHMAKER,
  MatchmakingService,
  type MatchmakerDeps,
  type MatchmakingDeps,
  type Placement,
  type TicketRequest,
} from './runtime/matchmaking';
export { OutcomeRecorder, OUTCOME_RECORDER, type CheckpointStore, type OutcomeRecorderDeps } from './runtime/outcomes';
export { eventTime } from './runtime/events';
export {
  Acting,
  chooseBotMove,
  Scheduler,
  SCHEDULER,
  type DueAction,
  type DuePlanStore,
  type PlanChange,
  type SchedulerDeps,
} from './runtime/scheduler';
export { Notifier, NOTIFIER, type NoticeOutbox, type NoticePage, type NotifierDeps } from './runtime/notifier';
export { projectable } from './projectable';
