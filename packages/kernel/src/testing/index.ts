// Test support shared by every package: decider specifications and the event-store contract suite.
export { specFor, type SpecSetup, type WhenOptions } from './spec';
export { deepFreeze } from './freeze';
export { InMemoryEventStore } from './memoryStore';
export { eventStoreContract } from './storeContract';
export {
  toyGame,
  type ToyCommand,
  type ToyEvent,
  type ToyState,
  type ToyView,
  type ToySheet,
  type ToyProfile,
  type ToyCharacterCommand,
} from './toyGame';
export { clockwork, type ClockworkCommand, type ClockworkEvent, type ClockworkState } from './clockwork';
export { scriptedRandom, ScriptError, type ScriptedDraw } from './scripted';
export {
  playout,
  randomLegal,
  botsChoose,
  moduleContract,
  everyViewer,
  refusalOf,
  type PlayoutOptions,
  type PlayoutResult,
  type PlayoutStep,
} from './playout';
export { describedPlayout, type Described } from './described';
export { MemoryCheckpoints } from './checkpoints';
export { MemoryDuePlan } from './memoryPlan';
export { MemoryNoticeOutbox, type FedNotice } from './memoryOutbox';
export { undescribed, commandExamples, accepted, unplayedExamples } from './contractChecks';
export { codesInSource, exampleProblems, playingOn, refusalCodes } from './published';
export { botTurn, serverBotsChoose } from './serverBots';
export { recordGolden, replayGolden, type GoldenCorpus, type GoldenGame, type GoldenTable } from './golden';
