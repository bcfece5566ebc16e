// The game modules this server loads: each package's exported GameModule objects, found by shape, not by name.
import type { AnyGameModule } from '@delve/kernel';
import { build } from './build';

/** Game packages shipped in the monorepo. A package that fails to load is reported, not fatal. */
export const GAME_PACKAGES = ['@delve/game-dungeon', '@delve/game-venture', '@delve/game-raid', '@delve/game-dungeoneer'] as const;

export function isGameModule(value: unknown): value is AnyGameModule {
  const m = value as Partial<AnyGameModule> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.name === 'string' &&
    typeof m.rulesVersion === 'string' &&
    typeof m.decide === 'function' &&
    typeof m.evolve === 'function' &&
    typeof m.view === 'function' &&
    typeof m.redact === 'function' &&
    typeof m.legalCommands === 'function' &&
    typeof m.status === 'function'
  );
}

/** Import the packages and collect their modules by name; `warn` hears about packages that could not be loaded. */
export async function loadModules(
  packages: readonly string[] = GAME_PACKAGES,
  warn: (message: string, error?: unknown) => void = () => {},
): Promise<Record<string, AnyGameModule>> {
  const modules: Record<string, AnyGameModule> = {};
  for (const name of packages) {
    try {
      // The compiled build carries the workspace's packages; any other name (or any name, from sources) is imported as
      // it is, so a package installed beside the server works too.
      const exports = (await (build?.packages[name]?.() ?? import(name))) as Record<string, unknown>;
      for (const value of Object.values(exports)) if (isGameModule(value)) modules[value.name] = value;
    } catch (error) {
      warn(`game package ${name} could not be loaded`, error);
    }
  }
  return modules;
}
