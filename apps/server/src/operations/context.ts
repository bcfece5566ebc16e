// What every operation may use: the configuration, the loaded modules and what discovery says of them, the kernel's
// services, and the read models. Built once per app; operations hold no state of their own.
import type { AnyGameModule, GameServices } from '@delve/kernel';
import type { ReadModels } from '@delve/projections';
import type { ModuleEntry } from '../catalog';
import type { Config } from '../config';
import type { Presence } from '../presence';
import type { Platform } from './platform';

export interface OperationContext {
  readonly config: Config;
  /** The loaded game modules, by name. */
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  /** What discovery says of each module, by name, computed once. */
  readonly catalog: readonly ModuleEntry[];
  readonly games: GameServices;
  readonly platform: Platform;
  /** The read models (games list, profiles, sheets, campaigns); eventually consistent with the streams. */
  readonly reads: ReadModels;
  /** Which seats are connected now, on any node (noted here as seats call). */
  readonly presence: Presence;
}
