// What read-model projectors may see of a stored event: secrets removed, and game events brought up to their module's
// current schema. Projections never see a seed before it is revealed, a token or key hash.
import { isLobbyEvent, redactLobbyEvent, type GameEventMetadata } from './lobby';
import type { AnyGameModule, Message } from './module';
import { PLAYER_EVENT_TYPES, type PlayerEvent } from './players';
import type { RecordedEvent } from './store';

/** The event as projections see it (a new object when anything was removed or upcast; never mutates `event`). */
export function projectable(event: RecordedEvent, modules: Readonly<Record<string, AnyGameModule>>): RecordedEvent {
  const data = event.data as Message;
  if (event.streamId.startsWith('game-')) {
    if (isLobbyEvent(data)) {
      const stripped = redactLobbyEvent(data, { kind: 'spectator' }); // what anyone may see of it
      return stripped === data ? event : { ...event, data: stripped };
    }
    const meta = event.metadata as Partial<GameEventMetadata>;
    const module = meta.module === undefined ? undefined : modules[meta.module];
    const writtenAt = Number(meta.eventVersion ?? 1);
    if (!module?.upcast || writtenAt >= (module.eventVersion ?? 1)) return event;
    return { ...event, data: module.upcast(data, writtenAt) };
  }
  if (event.streamId.startsWith('player-') && PLAYER_EVENT_TYPES.has(data.type)) {
    const e = data as PlayerEvent;
    if (e.type === 'PlayerKeyIssued') return { ...event, data: { type: e.type, keyId: e.keyId } };
  }
  return event;
}
