// What the compiled build knows of itself. From sources (tsx: tests, benches, development) there is no build; in the
// compiled one, scripts/build.mjs puts its own module here: the build's folder and its workspace packages by name.

export interface Build {
  /** The folder of the running build's files (its entry, server.js, is what cluster workers run). */
  readonly dir: URL;
  /** Every workspace package export the build carries, by the name GAME_PACKAGES would give it. */
  readonly packages: Readonly<Record<string, () => Promise<unknown>>>;
}

export const build: Build | null = null;
