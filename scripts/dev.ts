/**
 * npm run dev: the API (restarted on change by tsx watch) on API_PORT (default 8080) and the
 * Vite dev server with hot reload on 5173, proxying /api to it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '8080';
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const api = spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, CLIENT_DIR: path.join(root, '.tmp/no-client') },
});
const web = spawn(bin('vite'), [], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
});

const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of [api, web]) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
