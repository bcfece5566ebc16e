// Liveness (/health) and readiness (/ready: every worker of the node listens, the store answers, migrations applied).
// Not operations: they say how the process is, not what a client does, and are never rate limited.
import type { FastifyPluginAsync } from 'fastify';
import { Health, Problem } from '../operations/schemas';
import { problem, sendProblem } from '../problems';

/** Readiness: resolves when the store is reachable and migrations are applied, rejects otherwise. */
export type ReadinessProbe = () => Promise<void>;

const health: FastifyPluginAsync<{ readiness: ReadinessProbe }> = async (app, { readiness }) => {
  app.get(
    '/health',
    {
      schema: { operationId: 'health', tags: ['ops'], summary: 'The process is up.', response: { 200: Health } },
      config: { rateLimit: false },
    },
    async () => ({
      status: 'ok' as const,
    }),
  );

  const ready = {
    operationId: 'ready',
    tags: ['ops'],
    summary: 'The event store is reachable and migrations are applied.',
    response: { 200: Health, 503: Problem },
  };
  app.get('/ready', { schema: ready, config: { rateLimit: false } }, async (request, reply) => {
    try {
      await readiness();
      return { status: 'ready' as const };
    } catch (error) {
      request.log.error({ err: error }, 'not ready');
      return sendProblem(
        reply,
        problem(503, 'ops/not-ready', 'the node is still starting, the event store is unreachable or migrations are not applied'),
      );
    }
  });
};

export default health;
