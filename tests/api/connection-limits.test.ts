import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';

/** What a raw client saw before the server closed its socket, and whether the server ended it. */
interface Closed { received: string; endedByServer: boolean }

/**
 * Opens a socket to the server, runs `talk` on it, and resolves when the server closes it. A
 * server without limits never does: the test's own timeout is what fails it.
 */
function untilClosed(port: number, talk: (socket: net.Socket) => void): Promise<Closed> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = '';
    let endedByServer = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { received += chunk; });
    socket.on('end', () => { endedByServer = true; });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // The server destroying a socket mid-write shows here as a reset: that is a close too.
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') endedByServer = true;
      else reject(err);
    });
    socket.on('close', () => resolve({ received, endedByServer }));
    socket.on('connect', () => talk(socket));
  });
}

describe('connection limits: idle and slow sockets are closed (issue 26)', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limits-db-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  // Shortened limits; Node checks the request and headers ones every 50 ms instead of 30 s.
  const env = { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '700', KEEP_ALIVE_TIMEOUT_MS: '300', CONNECTION_TIMEOUT_MS: '4000', TIMEOUT_CHECK_INTERVAL_MS: '50' };
  const config = { ...loadConfig({ ...process.env, ...env }), seedDemo: false, demoData: null };
  const app = await buildApp({ config, database, logger: false, serveClient: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const timers = new Set<NodeJS.Timeout>();
  afterAll(async () => {
    for (const t of timers) clearInterval(t);
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('documents 60 s / 30 s / 5 s by default, and sets the configured limits on the server', () => {
    expect(loadConfig({}).timeouts).toEqual({ requestMs: 60_000, headersMs: 30_000, keepAliveMs: 5_000, connectionMs: 120_000, checkIntervalMs: 5_000 });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '70000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(app.server).toMatchObject({ requestTimeout: 1500, headersTimeout: 700, keepAliveTimeout: 300, timeout: 4000 });
  });

  it('answers 408 and closes a socket whose headers never finish', { timeout: 10_000 }, async () => {
    const closed = await untilClosed(port, (s) => s.write('GET /api/api-gateway-health-check HTTP/1.1\r\nHost: x\r\n'));
    expect(closed.endedByServer).toBe(true);
    expect(closed.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.received).toContain('"code":"REQUEST_TIMEOUT"');
  });

  it('answers 408 and closes a body that keeps dribbling in past the request limit', { timeout: 10_000 }, async () => {
    const closed = await untilClosed(port, (s) => {
      s.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
      // A byte every 100 ms: never idle, never done.
      const t = setInterval(() => { if (s.writable) s.write(' '); }, 100);
      timers.add(t);
      s.on('close', () => { clearInterval(t); timers.delete(t); });
    });
    expect(closed.endedByServer).toBe(true);
    expect(closed.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a keep-alive connection left idle after its answer', { timeout: 10_000 }, async () => {
    const closed = await untilClosed(port, (s) => s.write('GET /api/api-gateway-health-check HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n'));
    expect(closed.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(closed.received).toMatch(/keep-alive/i);
    expect(closed.endedByServer).toBe(true);
  });

  it('closes a connection that never sends a byte', { timeout: 10_000 }, async () => {
    const closed = await untilClosed(port, () => undefined);
    expect(closed.endedByServer).toBe(true);
  });
});
