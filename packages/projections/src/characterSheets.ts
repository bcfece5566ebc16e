// The character-sheet read model: one document per character, folded from its stream by the kernel's own fold, so
// the sheet served from here is the one a fresh fold of the stream gives; and its queries (a sheet, a player's).
import {
  characterDocument,
  evolveCharacter,
  eventTime,
  type AnyGameModule,
  type CharacterDocument,
  type CharacterState,
  type Message,
} from '@delve/kernel';
import type { Sql } from 'postgres';
import { storable } from './documents';
import type { Projection } from './projection';

/** A stored sheet: the document the API serves, and the state it is folded on from. */
export interface CharacterSheetDoc {
  readonly document: CharacterDocument;
  readonly state: CharacterState;
}

export const CHARACTER_SHEETS = 'character-sheets-v1';

export function characterSheets(modules: Readonly<Record<string, AnyGameModule>>): Projection<CharacterSheetDoc> {
  return {
    name: CHARACTER_SHEETS,
    streamPrefixes: ['character-'],
    idsOf: (event) => [event.streamId.slice('character-'.length)],
    apply(doc, event) {
      const data = event.data as Message & { module?: unknown };
      const module = modules[doc?.state.module ?? String(data.module)];
      const state = evolveCharacter(doc?.state, data, eventTime(event), module);
      return { state, document: characterDocument(state, event.revision, module) };
    },
  };
}

export async function characterSheet(sql: Sql, id: string): Promise<CharacterDocument | null> {
  if (!storable(id)) return null;
  const [row] = await sql<{ doc: CharacterSheetDoc }[]>`select doc from read_models where projection = ${CHARACTER_SHEETS} and id = ${id}`;
  return row?.doc.document ?? null;
}

/** A player's characters, oldest first, optionally of one module. */
export async function charactersOf(sql: Sql, owner: string, module?: string): Promise<CharacterDocument[]> {
  if (!storable(owner, module)) return [];
  const rows = await sql<{ doc: CharacterSheetDoc }[]>`
    select doc from read_models
     where projection = ${CHARACTER_SHEETS} and doc -> 'document' ->> 'owner' = ${owner}
       ${module === undefined ? sql`` : sql`and doc -> 'document' ->> 'module' = ${module}`}
     order by doc -> 'document' ->> 'createdAt', id`;
  return rows.map((r) => r.doc.document);
}
