import { describe, expect, it } from 'vitest';
import { engineThreadNice } from './thread-priority';

describe('engineThreadNice', () => {
  it('is 5 unless ENGINE_THREAD_NICE names a nice value from 0 to 19', () => {
    expect(engineThreadNice({})).toBe(5);
    expect(engineThreadNice({ ENGINE_THREAD_NICE: '0' })).toBe(0);
    expect(engineThreadNice({ ENGINE_THREAD_NICE: '19' })).toBe(19);
    expect(engineThreadNice({ ENGINE_THREAD_NICE: '-3' })).toBe(5);
    expect(engineThreadNice({ ENGINE_THREAD_NICE: 'high' })).toBe(5);
  });
});
