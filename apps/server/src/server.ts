// Entry point (`npm start`): validate the configuration, then serve in this process (WORKERS=1, or as a cluster
// worker) or run the cluster's primary. Each part is imported only where it runs, so the primary loads none of the app.
import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { describe, workerPoolSize } from './lifecycle';

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
  else {
    const { serve } = await import('./serve');
    await serve(config, cluster.isWorker ? { leaders: false, poolSize: workerPoolSize(config.workers) } : { leaders: true });
  }
} catch (error) {
  process.stderr.write(`delve: failed to start: ${describe(error)}\n`);
  process.exit(1);
}
