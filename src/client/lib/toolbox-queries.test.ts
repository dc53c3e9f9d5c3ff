import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolboxUnitsQueryOptions } from './toolbox-queries';

/** The X-Context of every call made, as the server receives it. */
let sent: (string | null)[] = [];

function at(pathname: string) {
  vi.stubGlobal('window', { location: { pathname } });
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (_path: string, init: RequestInit) => {
    sent.push(new Headers(init.headers).get('x-context'));
    return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toolbox units query (issue 13)', () => {
  it('names its client in X-Context on a page outside any context (/health, /notice, /global/admin)', async () => {
    at('/health');
    await new QueryClient().fetchQuery(toolboxUnitsQueryOptions('acme'));
    expect(sent).toEqual(['acme']);
  });

  it("sends the client it asks about, not the address bar's, while a client switch renders", async () => {
    at('/acme/us/fizz-cola/fizz-original/home');
    await new QueryClient().fetchQuery(toolboxUnitsQueryOptions('globex'));
    expect(sent).toEqual(['globex']);
  });
});
