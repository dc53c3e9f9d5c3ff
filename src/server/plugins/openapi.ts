import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the same zod schemas the routes validate with. */
export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Audience Insights API',
        version: '0.1.0',
        description:
          'The session is the HttpOnly sid cookie set by login; every write also needs the x-csrf-token header from login. ' +
          'The session is never accepted as a Bearer token. ' +
          'X-Context names client/region/brand/product slugs and is checked against the caller.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
});

export async function registerOpenApiRoute(app: FastifyInstance) {
  app.get('/api/openapi.json', {
    config: { access: 'public' },
    schema: { hide: true },
  }, async () => app.swagger());
}
