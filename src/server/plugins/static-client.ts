import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built PWA. Hashed assets are immutable; index.html and the service worker are
 * always revalidated so a deploy is picked up. Unknown non-API paths get the app shell,
 * which renders its own not-found page.
 */
export default fp(async (app) => {
  const root = app.config.clientDir;
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ root }, 'client build not found: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const rel = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const file = path.normalize(path.join(root, rel));
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root, file));
    }
    if (rel.startsWith('/api/') || path.extname(rel)) {
      return reply.callNotFound();
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
