import type { FastifyRequest } from 'fastify';

/**
 * A request parameter as the wire format reads it: the query string first, then the body
 * (JSON, form-urlencoded or multipart fields). Non-string values are stringified.
 */
export function paramOf(request: FastifyRequest, name: string): string {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.[name];
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const v = (body as Record<string, unknown>)[name];
    if (v === undefined || v === null) return typeof fromQuery === 'string' ? fromQuery : '';
    return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return typeof fromQuery === 'string' ? fromQuery : '';
}
