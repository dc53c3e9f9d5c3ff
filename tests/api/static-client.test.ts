import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';

describe('serving the built PWA', async () => {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.x = 1');
  // A build from before maps were turned off: they are on disk, and still never served.
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/client/secret.ts"]}');
  fs.writeFileSync(path.join(clientDir, 'sw.js.map'), '{"version":3,"sources":["sw/sw.ts"]}');
  fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Audience Insights', icons: [{ src: '/icons/icon-192.png' }] }));
  fs.mkdirSync(path.join(clientDir, 'icons'));
  fs.writeFileSync(path.join(clientDir, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-db-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const config = { ...loadConfig({ ...process.env, CLIENT_DIR: clientDir }), seedDemo: false };
  const app = await buildApp({ config, database, logger: false });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves hashed assets as immutable and the service worker revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest as a manifest, revalidated, and its icons as images', async () => {
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'Audience Insights' });
    const icon = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it.each(['/', '/home', '/acme/us/fizz-cola/fizz-original/insights/grow', '/login?returnUrl=%2Fhome'])('answers the app route %s with the shell', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>shell</title>');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each(['/assets/missing-1.js', '/api/nothing', '/..%2f..%2fetc%2fpasswd.txt'])('answers %s with a 404 in the one error shape, never a 500', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
  it.each(['/assets/app-abc123.js.map', '/sw.js.map', '/assets/../sw.js.map', '/%73w.js.map', '/SW.JS.MAP'])('never serves the source map %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"sources"');
  });

  it('answers a malformed URL with a 400 in the one error shape, never a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });
});
