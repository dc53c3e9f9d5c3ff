import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from './helper';

/** Routes that are deliberately kept out of the document (the document itself). */
const UNDOCUMENTED = new Set(['GET /api/openapi.json']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** The OpenAPI 3.0 structure this test relies on (documents of the 3.0.x line). */
const responseSchema = z.object({
  description: z.string(),
  content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })).optional(),
}).strict();
const parameterSchema = z.object({
  name: z.string().min(1),
  in: z.enum(['query', 'header', 'path', 'cookie']),
  required: z.boolean().optional(),
  schema: z.record(z.string(), z.unknown()),
  description: z.string().optional(),
});
const operationSchema = z.object({
  summary: z.string().min(1),
  tags: z.array(z.string()).min(1),
  parameters: z.array(parameterSchema).optional(),
  requestBody: z.object({
    required: z.boolean().optional(),
    content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })),
  }).optional(),
  responses: z.record(z.string().regex(/^([1-5]\d\d|[1-5]XX|default)$/), responseSchema).refine((r) => Object.keys(r).length > 0),
});
const documentSchema = z.object({
  openapi: z.string().regex(/^3\.0\.\d+$/),
  info: z.object({ title: z.string().min(1), version: z.string().min(1), description: z.string().optional() }),
  components: z.object({
    securitySchemes: z.record(z.string(), z.object({ type: z.enum(['apiKey', 'http', 'oauth2', 'openIdConnect']) }).passthrough()).optional(),
    schemas: z.record(z.string(), z.unknown()).optional(),
  }).optional(),
  paths: z.record(z.string().startsWith('/'), z.partialRecord(z.enum(METHODS), operationSchema)),
});
type Doc = z.infer<typeof documentSchema>;

/**
 * Every route the server has, from Fastify's own route table. The table is a tree: a route
 * under another (/api/segments/lookup under /api/segments) is printed indented, relative to it.
 */
function routesOf(printed: string): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+?)(?: \(([^)]+)\))?$/.exec(line.trimEnd());
    if (!m) continue;
    const [, indent, segment, methods] = m as unknown as [string, string, string, string | undefined];
    const depth = indent.length / 4;
    const path = (parents[depth - 1] ?? '') + segment;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (methods ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/**
 * OpenAPI 3.0 schema objects follow JSON Schema draft 4 for exclusive bounds (booleans beside
 * minimum/maximum) and add `nullable`; this checks those and rewrites them to draft 7 for ajv.
 */
function toDraft7(schema: unknown, where: string): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const src = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const sub = (v: unknown) => toDraft7(v, where);
  for (const [k, v] of Object.entries(src)) {
    switch (k) {
      case 'exclusiveMinimum':
      case 'exclusiveMaximum': {
        expect(typeof v, `${where}: ${k} must be a boolean in OpenAPI 3.0`).toBe('boolean');
        const bound = k === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        expect(typeof src[bound], `${where}: ${k} needs ${bound}`).toBe('number');
        if (v === true) out[k] = src[bound];
        break;
      }
      case 'minimum':
      case 'maximum':
        if (src[k === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] !== true) out[k] = v;
        break;
      case 'nullable':
        expect(typeof v, `${where}: nullable`).toBe('boolean');
        break;
      case 'type':
        expect(typeof v, `${where}: type must be one string in OpenAPI 3.0`).toBe('string');
        out[k] = v;
        break;
      case 'properties':
      case 'patternProperties':
      case 'definitions':
        out[k] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([name, s]) => [name, sub(s)]));
        break;
      case 'items':
      case 'additionalProperties':
      case 'not':
        out[k] = Array.isArray(v) ? v.map(sub) : sub(v);
        break;
      case 'anyOf':
      case 'oneOf':
      case 'allOf':
        out[k] = (v as unknown[]).map(sub);
        break;
      default:
        out[k] = v;
    }
  }
  return out;
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /api/openapi.json', async () => {
  const { app } = await buildTestApp({}, { counts: false, jobs: false });
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  const doc = res.json() as Doc;
  const routes = routesOf(app.printRoutes({ commonPrefix: false })).filter((r) => r.split(' ')[1]?.startsWith('/api'));

  it('is public JSON', () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('is a structurally valid OpenAPI 3.0 document', () => {
    const parsed = documentSchema.safeParse(doc);
    expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
    expect(doc.components?.securitySchemes).toEqual({ session: { type: 'apiKey', in: 'cookie', name: 'sid' } });
  });

  it('declares every path parameter of every path', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(ops)) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inPath);
        for (const p of declared) expect(p.required, `${method} ${path} ${p.name}`).toBe(true);
      }
    }
  });

  it('has only compilable JSON schemas and resolvable $refs', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') refs.push(v);
          else walk(v);
        }
      }
    };
    walk(doc);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\//);
      const target = ref.slice(2).split('/').reduce<unknown>((n, key) => (n as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, ref).toBeDefined();
    }
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schemas = [
          ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}).map((c) => c.schema)),
          ...Object.values(op.requestBody?.content ?? {}).map((c) => c.schema),
          ...(op.parameters ?? []).map((p) => p.schema),
        ];
        for (const schema of schemas) {
          if (JSON.stringify(schema).includes('$ref')) continue;
          const where = `${method} ${path}`;
          expect(() => ajv.compile(toDraft7(schema, where) as object), where).not.toThrow();
        }
      }
    }
  });

  it('finds the routes it compares against', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const r of routes) {
      const [method, url] = r.split(' ') as [string, string];
      expect(app.hasRoute({ method: method as 'GET', url }), r).toBe(true);
    }
  });

  it('lists every /api route the server has, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const expected = routes.filter((r) => !UNDOCUMENTED.has(r)).map((r) => {
      const [method, path] = r.split(' ') as [string, string];
      return `${method} ${toOpenApiPath(path)}`;
    });
    expect([...documented].sort()).toEqual([...expected].sort());
  });

  it('documents the error shape and the success schema of every operation', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // 200, or another 2xx for an operation that answers that (202 Accepted: a job was queued), or
        // a redirect for the browser navigations of single sign-on (302 to the IdP, 303 back).
        const ok = Object.keys(op.responses).filter((status) => /^2\d\d$/.test(status) || (path.startsWith('/api/auth/saml/') && /^30[23]$/.test(status)));
        expect(ok.length, `${method} ${path} 2xx`).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(op.responses)) {
          if (!status.startsWith('4') && !status.startsWith('5')) continue;
          const schema = response.content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
          expect(Object.keys(schema?.properties ?? {}), `${method} ${path} ${status}`).toContain('error');
        }
      }
    }
  });

  it('documents request bodies and parameters from the zod schemas', () => {
    const login = doc.paths['/api/auth/login']?.post;
    const body = login?.requestBody?.content['application/json']?.schema as { properties?: Record<string, unknown>; required?: string[] };
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual(['email', 'password']);
    expect(body?.required?.sort()).toEqual(['email', 'password']);
    expect(Object.keys(login?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    const home = doc.paths['/api/home-entities']?.get;
    expect(home?.parameters?.find((p) => p.name === 'limit')?.in).toBe('query');
    const units = doc.paths['/api/toolbox/units/type/{type}/client/{clientSlug}']?.get;
    expect(units?.parameters?.find((p) => p.name === 'type')?.schema).toMatchObject({ enum: ['all', 'iframed', 'external'] });
  });
});
