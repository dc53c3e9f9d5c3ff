import { describe, expect, it } from 'vitest';
import { RoaringBitmap32 } from './roaring';
import { encodeChunks } from '../sql/chunk-codec';
import { chunksToPortable, CHUNK_BYTES, idsToChunks } from './portable';

function viaChunks(ids: Uint32Array): RoaringBitmap32 {
  const encoded = encodeChunks(ids);
  const bits = new Uint8Array(encoded.length * CHUNK_BYTES);
  encoded.forEach((c, i) => bits.set(Buffer.from(c.hex.slice(1), 'hex'), i * CHUNK_BYTES));
  return RoaringBitmap32.deserialize(chunksToPortable(encoded.map((c) => c.chunk), bits), 'portable');
}

describe('chunksToPortable', () => {
  it('gives the same set for sparse (array) and dense (bitset) chunks, across chunk boundaries', () => {
    const ids: number[] = [0, 7, 8, 65_535, 65_536, 1_000_000];
    for (let i = 200_000; i < 260_000; i += 3) ids.push(i); // ~20,000 in one chunk: a bitset container
    for (let i = 3_000_000; i < 3_065_536; i += 17) ids.push(i); // ~3,855: an array container
    const sorted = Uint32Array.from(new Set(ids)).sort();
    const bitmap = viaChunks(sorted);
    expect(bitmap.size).toBe(sorted.length);
    expect(Array.from(bitmap.toUint32Array())).toEqual(Array.from(sorted));
  });

  it('gives an empty set for no chunks and skips all-zero chunks', () => {
    expect(RoaringBitmap32.deserialize(chunksToPortable([], new Uint8Array(0)), 'portable').size).toBe(0);
    const bits = new Uint8Array(2 * CHUNK_BYTES);
    bits[CHUNK_BYTES] = 0x80;
    const bitmap = RoaringBitmap32.deserialize(chunksToPortable([3, 9], bits), 'portable');
    expect(Array.from(bitmap.toUint32Array())).toEqual([9 * 65_536]);
  });

  it('refuses chunks out of order or bytes of the wrong length', () => {
    expect(() => chunksToPortable([2, 1], new Uint8Array(2 * CHUNK_BYTES))).toThrow(/ascend/);
    expect(() => chunksToPortable([1], new Uint8Array(10))).toThrow(/bytes/);
  });
});

describe('idsToChunks', () => {
  it('writes the chunks the count store holds (as encodeChunks does), which read back as the same set', () => {
    const ids = Uint32Array.from(new Set([0, 7, 8, 65_535, 65_536, 1_000_000, ...Array.from({ length: 5000 }, (_, i) => 200_000 + i * 7)])).sort();
    const { chunks, bits } = idsToChunks(ids);
    const encoded = encodeChunks(ids);
    expect([...chunks]).toEqual(encoded.map((c) => c.chunk));
    encoded.forEach((c, i) => expect(Buffer.from(bits.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES)).toString('hex')).toBe(c.hex.slice(1)));
    expect([...RoaringBitmap32.deserialize(chunksToPortable(chunks, bits), 'portable').toUint32Array()]).toEqual([...ids]);
    expect(idsToChunks(new Uint32Array()).chunks.length).toBe(0);
    expect(() => idsToChunks(Uint32Array.from([70_000, 5]))).toThrow(/ascend/);
  });
});
