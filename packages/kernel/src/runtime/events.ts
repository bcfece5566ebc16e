// Small helpers over stored events shared by the runtime services.
import type { RecordedEvent } from '../store';

/** When the command behind a stored event was decided: its metadata's `at`, else when the store recorded it. */
export function eventTime(event: RecordedEvent): string {
  const at = event.metadata.at;
  return typeof at === 'string' ? at : event.created;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids of every stream are UUIDs: anything else names nothing (and never reaches the store). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
