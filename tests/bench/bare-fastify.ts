// The baseline: a bare Fastify route answering a small JSON, for the same load as the API.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ data: [{ id: 1, slug: 'acme', name: 'Acme Corporation' }] }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
