// The baseline of `npm run bench`: a bare Fastify route that parses the same JSON body as
// Klaxon's native ingest and answers 202, with no validation, storage or logging.
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 512 * 1024 });
app.get('/healthz', async () => ({ ok: true }));
app.post('/v1/ingest/:token', async (req, reply) => {
  const body = req.body as { event_key?: unknown } | null;
  reply.code(202);
  return { ok: true, deduped: false, resolved: false, receipt_id: typeof body?.event_key === 'string' ? 'rcp_bare' : 'rcp_none' };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
