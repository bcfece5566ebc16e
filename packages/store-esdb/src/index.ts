// @delve/store-esdb: the event-store port on EventStoreDB.
export { EsdbEventStore, openEsdbEventStore } from './esdbEventStore';
