// Entry point (`npm start`): validate the configuration, then serve in this process (WORKERS=1, or as a cluster
// worker) or run the cluster's primary. Each part is imported only where it runs, so the primary loads none of the app.
import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { describe, workerPoolSize, type ClusterMessage } from './lifecycle';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`delve: ${error.message}\n`);
  process.exit(2);
}

try {
  if (cluster.isPrimary && config.workers > 1) await (await import('./primary')).runPrimary(config);
  else if (cluster.isPrimary) await (await import('./serve')).serve(config, { leaders: true });
  else {
    // A worker loads the app while its primary starts PostgreSQL: both take about as long.
    let started = false;
    const database = new Promise<string>((resolve) =>
      process.on('message', (message: ClusterMessage) => {
        if (message?.kind === 'database') resolve(message.url);
        if (message?.kind === 'started' || (message?.kind === 'database' && message.started)) started = true;
      }),
    );
    process.send?.({ kind: 'database?' } satisfies ClusterMessage);
    const [{ serve }, databaseUrl] = await Promise.all([import('./serve'), database]);
    const primary = {
      // Not once the channel closed (the primary gone): a send then would be an uncaught 'error' event.
      send: (message: ClusterMessage) => void (process.connected && process.send?.(message)),
      onMessage: (listener: (message: ClusterMessage) => void) => {
        process.on('message', listener);
        return () => void process.off('message', listener);
      },
    };
    await serve({ ...config, databaseUrl }, { leaders: false, poolSize: workerPoolSize(config.workers), started: () => started, primary });
  }
} catch (error) {
  process.stderr.write(`delve: failed to start: ${describe(error)}\n`);
  process.exit(1);
}
