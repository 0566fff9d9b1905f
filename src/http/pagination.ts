import type { FastifyReply, FastifyRequest } from 'fastify';

/** PRODUCT.md 6: a list answers a JSON array; the next page is in X-Next-Cursor and Link. */
export function sendPage<T>(req: FastifyRequest, reply: FastifyReply, page: { items: T[]; nextCursor?: string | undefined }): T[] {
  if (page.nextCursor) {
    reply.header('x-next-cursor', page.nextCursor);
    const url = new URL(req.url, 'http://placeholder');
    url.searchParams.set('cursor', page.nextCursor);
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page.items;
}
