// @delve/store-postgres: the default event store, read-model storage, migrations and the embedded server.
export { FINAL_BELOW, PostgresEventStore, type AppendObserver, type PostgresEventStoreOptions } from './eventStore';
export { connect, openDatabase, type Database, type OpenOptions } from './database';
export { LEGACY_PASSWORD, startEmbeddedPostgres, type EmbeddedDatabase, type EmbeddedEvent, type EmbeddedOptions } from './embedded';
export { migrate, migrationsApplied, MIGRATIONS_DIR } from './migrate';

export { AdvisoryLeaderLock } from './leaderLock';
export { HELD_BY_SOLE_WRITER, SoleWriterLock, type SoleWriterOptions } from './soleWriter';
export { PostgresDuePlan } from './duePlan';
export { closePool, isDriverConnectRefused, isDriverOwnQueryClosed, isDriverWriteAfterClose } from './driverFaults';
export { feedAfter, feedNews, feedPage, PostgresNoticeOutbox, type FeedPage } from './notifications';
export {
  PostgresWebhooks,
  type AttemptOutcome,
  type AttemptRow,
  type DeliveryCounts,
  type DeliveryRow,
  type DueDelivery,
  type WebhookRow,
} from './webhooks';
