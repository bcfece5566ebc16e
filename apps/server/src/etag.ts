// Conditional GETs: game reads change only with the stream revision, so polling clients can get 304 Not Modified.
import type { Viewer } from '@delve/kernel';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A short stable name of the viewer, so one client switching tokens never gets another viewer's 304. */
export function viewerTag(viewer: Viewer): string {
  return viewer.kind === 'seat' ? `seat${viewer.seat}` : viewer.kind;
}

/** Set a weak ETag for `version` and tell whether the client's If-None-Match already names it. */
export function notModified(request: FastifyRequest, reply: FastifyReply, version: string): boolean {
  const tag = `W/"${version}"`;
  // Added to what the route already varies by (a resource that is also a page varies by Accept).
  const vary = reply.getHeader('vary');
  reply.header('etag', tag).header('vary', [vary, 'Authorization, X-Admin-Key'].filter(Boolean).join(', '));
  const given = request.headers['if-none-match'];
  return typeof given === 'string' && given.split(',').some((t) => t.trim() === tag || t.trim() === '*');
}
