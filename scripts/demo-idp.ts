/**
 * `npm run demo:idp`: a SAML identity provider on loopback for the demo (scripts/lib/demo-idp-server.ts).
 * DEMO_IDP_HOST (127.0.0.1), DEMO_IDP_PORT (8090) and DEMO_IDP_KEYS (.tmp/demo-idp, where its key and
 * certificate are made at the first run) change where it runs.
 */
import path from 'node:path';
import { isLoopbackHost } from '../src/server/config';
import { startDemoIdp } from './lib/demo-idp-server';

const host = process.env.DEMO_IDP_HOST ?? '127.0.0.1';
if (!isLoopbackHost(host)) {
  console.error(`DEMO_IDP_HOST must be a loopback address: the demo identity provider signs anyone on who clicks (got ${host}).`);
  process.exit(1);
}
const port = Number(process.env.DEMO_IDP_PORT ?? 8090);
const idp = await startDemoIdp({ host, port, keyDir: process.env.DEMO_IDP_KEYS ?? '.tmp/demo-idp' });
const relative = path.relative(process.cwd(), idp.certFile);
const certFile = relative.startsWith('..') ? idp.certFile : relative;
const env = { ...idp.env, SAML_IDP_CERT: certFile };

console.log(`Demo identity provider on ${idp.url} (metadata: ${idp.metadataUrl}, certificate: ${certFile})`);
console.log('Start the product against it, in another terminal:');
console.log(`  ${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')} npm start`);
console.log('then open the product and choose "Sign in with single sign-on". Ctrl+C stops the IdP.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void idp.close().then(() => process.exit(0)));
}
