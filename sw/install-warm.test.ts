import { describe, expect, it } from 'vitest';
import { warmHttpCache, warmableUrls } from './install-warm';

describe('install warm-up', () => {
  it('fetches ahead only the hashed entries (those Workbox reads through the HTTP cache)', () => {
    const manifest = [{ url: 'index.html', revision: 'abc' }, { url: 'assets/index-1.js', revision: null }, 'legacy.js', { url: 'assets/a-2.css', revision: null }];
    expect(warmableUrls(manifest, 'https://app.test/')).toEqual(['https://app.test/assets/index-1.js', 'https://app.test/assets/a-2.css']);
  });

  it('fetches every URL at most `concurrency` at a time and survives failures', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL) => {
      const url = String(input);
      seen.push(url);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight -= 1;
      if (url.endsWith('3')) throw new Error('network');
      return new Response('x');
    }) as typeof fetch;
    const urls = Array.from({ length: 10 }, (_, i) => `https://app.test/${i}`);
    await warmHttpCache(urls, fetchImpl, 3);
    expect(seen.sort()).toEqual([...urls].sort());
    expect(most).toBe(3);
  });
});
