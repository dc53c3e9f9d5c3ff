import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built PWA. Hashed assets are immutable; index.html and the service worker are
 * always revalidated so a deploy is picked up (files added after start need a restart). Unknown
 * non-API paths get the app shell, which renders its own not-found page; source maps are a 404.
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
    // Source maps are the readable source: a build may have written them, they are never served.
    globIgnore: ['**/*.map'],
    allowedPath: (pathname) => !pathname.endsWith('.map'),
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  // @fastify/static (wildcard: false) has a route for every built file; what reaches this one
  // is no file. A path with an extension or under /api is a 404; anything else is an app route.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || path.extname(pathname)) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
