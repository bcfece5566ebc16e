// @delve/kernel: the game-module contract, lobby lifecycle, command pipeline, event-store port and RNG.
export * from './errors';
export * from './module';
export * from './random';
export * from './store';
export * from './lobby';
export { Decision } from './decision';
export { decideBatch, sameJson, type GameInput, type BatchEvent } from './batch';
export { StateCache } from './cache';
export * from './service';
export { checkExpectedRevision, idempotentReplay, liveSubscription, type SubscriptionSource } from './storeSemantics';
