// Server configuration read from environment variables, validated once at start with a message naming each bad value.
import { availableParallelism } from 'node:os';

/** A bucket refills `perSecond` tokens a second, smoothly, and holds at most `burst`; a call takes one. */
export interface BucketSize {
  readonly perSecond: number;
  readonly burst: number;
}

/** Reads and writes are counted apart, so polling never starves moves. */
export interface Budgets {
  readonly read: BucketSize;
  readonly write: BucketSize;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the server reads from its environment. */
export interface Config {
  readonly host: string;
  readonly port: number;
  /** PostgreSQL URL; unset means launch the embedded PostgreSQL. */
  readonly databaseUrl: string | null;
  /** EventStoreDB connection string; set means events go to EventStoreDB (read models stay in PostgreSQL). */
  readonly eventStoreUrl: string | null;
  /** Where the embedded PostgreSQL keeps its data. */
  readonly dataDir: string;
  readonly logLevel: LogLevel;
  /** Allowed CORS origins; false disables CORS headers, true reflects any origin. */
  readonly corsOrigin: boolean | readonly string[];
  /** Token buckets per client (a seat in its game, a player, or an address), for reads and for writes. */
  readonly rateLimits: Budgets;
  /**
   * The player keys used from one address together get at most this many times one client's budget: registering
   * players buys none beyond it.
   */
  readonly playersPerAddress: number;
  /** Operator key for omniscient reads and abandoning games; null disables admin access. */
  readonly adminKey: string | null;
  /** Largest accepted request body in bytes. */
  readonly bodyLimit: number;
  /** Longest a client may take to send a whole request, headers and body (408 after that). */
  readonly requestTimeoutMs: number;
  /** How long a graceful shutdown waits for in-flight requests before closing anyway. */
  readonly shutdownTimeoutMs: number;
  /** The longest a read given `after` waits for its read model to reach that log position (503 after that). */
  readonly readWaitMs: number;
  readonly trustProxy: boolean;
  /** GraphiQL is served only in development. */
  readonly development: boolean;
  /** The packages whose game modules this node loads (default: every module shipped in the repository). */
  readonly gamePackages: readonly string[] | null;
  /**
   * Server processes behind the port: 1 serves in this process; more run a primary and that many workers. The default
   * leaves one core to PostgreSQL (ADR 0032: on two cores a second worker measured slower, the floor's too).
   */
  readonly workers: number;
  /**
   * Run as the database's only writer (ADR 0060): the process holds PostgreSQL's writers' lock, so games it holds
   * folded are served from memory and any other process's appends are refused meanwhile. The default is on for one
   * process on the embedded PostgreSQL (nobody else writes there), off otherwise.
   */
  readonly soleWriter: boolean;
  /** Tables that run themselves: the scheduler's settings. */
  readonly tables: TableSettings;
  /** Prometheus metrics: off (null) unless a token or a port of their own is configured. */
  readonly metrics: MetricsSettings | null;
  /** Rate-limit buckets shared by every node through PostgreSQL, instead of each node's own (the default). */
  readonly sharedRateLimits: boolean;
  /** Which seats count as connected (presence.ts). */
  readonly presence: { readonly windowMs: number; readonly flushMs: number };
  /** How webhooks are delivered. */
  readonly webhooks: WebhookSettings;
  /**
   * Games each process keeps folded in memory (GAME_CACHE_SIZE). A game that fell out is read back and folded again at
   * its next command: at 2,000 clocked games a cache of 1,000 missed on every timeout (ADR 0051).
   */
  readonly gameCacheSize: number;
}

/** Where /metrics is served and who may read it. */
export interface MetricsSettings {
  /** Bearer token a scrape must send; with it, /metrics is also served on the API's port. */
  readonly token: string | null;
  /** A port of its own for /metrics (its listener on `host`, loopback by default); null: none. */
  readonly port: number | null;
  readonly host: string;
}

/** How webhooks are delivered, and where they may point. */
export interface WebhookSettings {
  /**
   * Allow private, loopback and link-local targets and plain http (tests and local development only): otherwise such
   * URLs are refused at registration and such addresses at delivery.
   */
  readonly allowPrivate: boolean;
  /** Attempts of one delivery before it fails for good (and its webhook is disabled). */
  readonly maxAttempts: number;
  /** The wait after a first failed attempt; each later one doubles it (up to an hour), times a random 0.5–1.5. */
  readonly retryBaseMs: number;
  /** How long a receiver may take to answer one attempt. */
  readonly timeoutMs: number;
}

/** How the server plays bots and ends games nobody plays. */
export interface TableSettings {
  /** How long a bot waits before its move, so people watching can follow (0 in tests). */
  readonly botPaceMs: number;
  /** How long a bot may think over one move; past it, the module's least harmful move is played instead. */
  readonly botThinkMs: number;
  /** A game in which no person acted for this long is abandoned. */
  readonly idleMs: number;
  /** A game whose seats are not all claimed this long after it was created is abandoned. */
  readonly unfilledMs: number;
  /** Games at once whose every seat is a bot (demos, tests); 0 refuses them. */
  readonly botOnlyGames: number;
}

/** Thrown by loadConfig with one line per bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Parse and validate the environment; throws ConfigError listing every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  const get = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected an integer from ${min} to ${max}`);
      return fallback;
    }
    return Number(raw);
  };
  const url = (name: string, protocols: readonly string[]): string | null => {
    const raw = get(name);
    if (raw === undefined) return null;
    let parsed: URL | undefined;
    try {
      parsed = new URL(raw);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !protocols.includes(parsed.protocol)) {
      // Never echo a URL back: it may carry a password.
      problems.push(`${name}: expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
      return null;
    }
    return raw;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
    problems.push(`${name}=${JSON.stringify(raw)}: expected true or false`);
    return fallback;
  };

  const host = get('HOST') ?? '127.0.0.1';
  if (!/^[\w.:-]+$/.test(host)) problems.push(`HOST=${JSON.stringify(host)}: expected a host name or IP address`);

  const logLevel = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    problems.push(`LOG_LEVEL=${JSON.stringify(logLevel)}: expected one of ${LOG_LEVELS.join(', ')}`);
  }

  let corsOrigin: boolean | string[] = false;
  const cors = get('CORS_ORIGIN');
  if (cors === '*') corsOrigin = true;
  else if (cors !== undefined) {
    corsOrigin = cors.split(',').map((o) => o.trim());
    for (const origin of corsOrigin) {
      if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
        problems.push(`CORS_ORIGIN: ${JSON.stringify(origin)} is not an origin like https://example.org (or use *)`);
      }
    }
  }

  const adminKey = get('ADMIN_KEY') ?? null;
  if (adminKey !== null && adminKey.length < 16) problems.push('ADMIN_KEY: must be at least 16 characters');

  const nodeEnv = get('NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    problems.push(`NODE_ENV=${JSON.stringify(nodeEnv)}: expected development, production or test`);
  }

  let gamePackages: string[] | null = null;
  const packages = get('GAME_PACKAGES');
  if (packages !== undefined) {
    gamePackages = packages.split(',').map((p) => p.trim());
    for (const name of gamePackages) {
      if (!/^@delve\/[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(name))
        problems.push(`GAME_PACKAGES: ${JSON.stringify(name)} is not a Delve package name`);
    }
  }

  // RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS (the fixed window of old) still works: a bucket of that size refilled
  // over that window, for reads and writes alike.
  const legacyMax = get('RATE_LIMIT_MAX') === undefined ? null : int('RATE_LIMIT_MAX', 1200, 1, 10_000_000);
  const legacyWindow = int('RATE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000);
  const budget = (kind: 'READ' | 'WRITE', perSecond: number, burst: number) =>
    legacyMax === null
      ? {
          perSecond: int(`RATE_LIMIT_${kind}S_PER_SECOND`, perSecond, 1, 1_000_000),
          burst: int(`RATE_LIMIT_${kind}_BURST`, burst, 1, 10_000_000),
        }
      : { perSecond: (legacyMax * 1000) / legacyWindow, burst: legacyMax };

  const metricsToken = get('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && metricsToken.length < 16) problems.push('METRICS_TOKEN: must be at least 16 characters');
  const metricsPort = get('METRICS_PORT') === undefined ? null : int('METRICS_PORT', 9464, 0, 65535);
  const metricsHost = get('METRICS_HOST') ?? '127.0.0.1';
  if (!/^[\w.:-]+$/.test(metricsHost)) problems.push(`METRICS_HOST=${JSON.stringify(metricsHost)}: expected a host name or IP address`);
  const rateLimitStore = (get('RATE_LIMIT_STORE') ?? 'node').toLowerCase();
  if (!['node', 'postgres'].includes(rateLimitStore)) {
    problems.push(`RATE_LIMIT_STORE=${JSON.stringify(rateLimitStore)}: expected node or postgres`);
  }

  const workers = int('WORKERS', Math.max(1, availableParallelism() - 1), 1, 256);
  const external = get('DATABASE_URL') !== undefined || get('EVENTSTORE_URL') !== undefined;
  const soleWriter = bool('SOLE_WRITER', workers === 1 && !external);
  if (soleWriter && workers > 1) problems.push('SOLE_WRITER: a cluster (WORKERS above 1) has a writer per process; set WORKERS=1');
  if (soleWriter && get('EVENTSTORE_URL') !== undefined) problems.push('SOLE_WRITER: only PostgreSQL can hold the writers’ lock');
  const config: Config = {
    host,
    port: int('PORT', 3000, 0, 65535),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    eventStoreUrl: url('EVENTSTORE_URL', ['esdb:', 'esdb+discover:']),
    dataDir: get('DATA_DIR') ?? '.data/postgres',
    logLevel: logLevel as LogLevel,
    corsOrigin,
    rateLimits: { read: budget('READ', 60, 240), write: budget('WRITE', 30, 90) },
    playersPerAddress: int('RATE_LIMIT_PLAYERS_PER_ADDRESS', 2, 1, 1000),
    tables: {
      botPaceMs: int('BOT_PACE_MS', 500, 0, 60_000),
      botThinkMs: int('BOT_THINK_MS', 1000, 1, 60_000),
      idleMs: int('IDLE_GAME_SECONDS', 7 * 86_400, 1, 366 * 86_400) * 1000,
      unfilledMs: int('UNFILLED_GAME_SECONDS', 86_400, 1, 366 * 86_400) * 1000,
      botOnlyGames: int('BOT_ONLY_GAMES', 20, 0, 100_000),
    },
    presence: {
      windowMs: int('PRESENCE_SECONDS', 30, 1, 3600) * 1000,
      flushMs: int('PRESENCE_FLUSH_MS', 1000, 50, 60_000),
    },
    webhooks: {
      allowPrivate: bool('WEBHOOKS_ALLOW_PRIVATE', false),
      maxAttempts: int('WEBHOOK_MAX_ATTEMPTS', 10, 1, 50),
      retryBaseMs: int('WEBHOOK_RETRY_BASE_MS', 10_000, 1, 3_600_000),
      timeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    adminKey,
    bodyLimit: int('BODY_LIMIT', 64 * 1024, 1024, 16 * 1024 * 1024),
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 10_000, 100, 600_000),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    readWaitMs: int('READ_WAIT_MS', 2000, 0, 30_000),
    trustProxy: bool('TRUST_PROXY', false),
    development: nodeEnv === 'development',
    gamePackages,
    workers,
    soleWriter,
    metrics: metricsToken === null && metricsPort === null ? null : { token: metricsToken, port: metricsPort, host: metricsHost },
    sharedRateLimits: rateLimitStore === 'postgres',
    gameCacheSize: int('GAME_CACHE_SIZE', 5000, 100, 1_000_000),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
