// Liveness (/health) and readiness (/ready: every worker of the node listens, the store answers, migrations applied).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problem, sendProblem } from '../problems';
import { Health, Problem } from '../schemas';

const health: FastifyPluginAsyncTypebox = async (app) => {
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
      await app.readiness();
      return { status: 'ready' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      return sendProblem(
        reply,
        problem(503, 'ops/not-ready', 'the node is still starting, the event store is unreachable or migrations are not applied'),
      );
    }
  });
};

export default health;
