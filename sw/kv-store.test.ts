import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { kv } from './kv-store';

describe("the service worker's key-value store", () => {
  it('keeps values by key, replacing the old one', async () => {
    expect(await kv.get('tasks:1:acme')).toBeUndefined();
    await kv.set('tasks:1:acme', { 1: 'processing' });
    await kv.set('tasks:2:acme', { 9: 'completed' });
    await kv.set('tasks:1:acme', { 1: 'completed' });
    expect(await kv.get('tasks:1:acme')).toEqual({ 1: 'completed' });
    expect(await kv.get('tasks:2:acme')).toEqual({ 9: 'completed' });
  });
  it('forgets a key', async () => {
    await kv.set('periodic-poll', { userId: 1 });
    await kv.delete('periodic-poll');
    expect(await kv.get('periodic-poll')).toBeUndefined();
    await kv.delete('never-set');
  });
});
