// The baseline: a bare Fastify route answering the same JSON body the API answered, under the same load.
import fs from 'node:fs';
import Fastify from 'fastify';

const body: unknown = JSON.parse(fs.readFileSync(String(process.env.BODY_FILE), 'utf8'));
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
