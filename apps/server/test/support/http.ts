// Inject helpers that check every reply against openapi.yaml as a side effect.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Test } from 'tap';
import { specProblems } from './spec';

export interface Called {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
  headers: Record<string, unknown>;
}

/** Inject a request, assert the reply conforms to openapi.yaml, return status, parsed body and headers. */
export async function call(
  t: Test,
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<Called> {
  const request: InjectOptions = {
    method,
    url,
    headers: { ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }), ...options.headers },
  };
  if (options.payload !== undefined) request.payload = options.payload as NonNullable<InjectOptions['payload']>;
  const reply = await app.inject(request);
  const problems = specProblems(method, url, reply);
  if (problems.length > 0) t.fail(`${method} ${url} → ${reply.statusCode} breaks openapi.yaml`, { problems, body: reply.body });
  return { status: reply.statusCode, body: reply.body === '' ? undefined : JSON.parse(reply.body), headers: reply.headers };
}
