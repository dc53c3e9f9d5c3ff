import { describe, expect, it } from 'vitest';
import { Kernels } from './kernels';

let seed = 5;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

describe('WASM kernels', () => {
  it('set, intersect and list the people of 8 KB bitsets and arrays', async () => {
    const k = await Kernels.create();
    k.reserve(1 << 20);
    const people = [...new Set(Array.from({ length: 3000 }, () => Math.floor(next() * 65536)))].sort((a, b) => a - b);
    new Uint16Array(k.buffer, 0, people.length).set(people);
    k.fn.arrayToBitset(0, people.length, 8192);
    const words = new Uint32Array(k.buffer, 8192, 2048);
    for (let p = 0; p < 65536; p++) expect(((words[p >>> 5]! >>> (p & 31)) & 1) === 1).toBe(people.includes(p));

    const ids = new Uint32Array(k.buffer, 32768, 65536);
    expect(k.fn.bitsetIds(8192, 1_000_000, 32768)).toBe(people.length);
    expect([...ids.subarray(0, people.length)]).toEqual(people.map((p) => 1_000_000 + p));
    k.fn.arrayIds(0, people.length, 65536, 32768);
    expect([...ids.subarray(0, people.length)]).toEqual(people.map((p) => 65536 + p));

    // Every third person, ANDed in: what is left, and how many.
    const third = new Uint32Array(k.buffer, 16384, 2048);
    for (let p = 0; p < 65536; p += 3) third[p >>> 5] = third[p >>> 5]! | (1 << (p & 31));
    expect(k.fn.andBitset(8192, 16384)).toBe(people.filter((p) => p % 3 === 0).length);
    expect(k.fn.bitsetIds(8192, 0, 32768)).toBe(people.filter((p) => p % 3 === 0).length);
  });

  it('fill codes, counting clashes, and histogram rows of 8 and 16 bytes', async () => {
    for (const rowBytes of [8, 16] as const) {
      const k = await Kernels.create();
      const n = 5000;
      const base = 100;
      const rowsAt = 0;
      const idsAt = n * rowBytes;
      const histAt = idsAt + 4 * n;
      const tmpAt = histAt + 16 * 1024;
      k.reserve(tmpAt + 256 * 16);
      const ids = new Uint32Array(k.buffer, idsAt, n);
      const codes = Array.from({ length: n }, () => Array.from({ length: rowBytes }, () => Math.floor(next() * 4)));
      // Column c, code v: the people whose code is v, listed and filled.
      for (let c = 0; c < rowBytes; c++) {
        for (let v = 1; v < 4; v++) {
          const with_ = codes.flatMap((row, p) => (row[c] === v ? [base + p] : []));
          ids.set(with_);
          expect(k.fn.fillCodes(idsAt, with_.length, base, rowsAt, rowBytes, c, v, 0)).toBe(0);
        }
      }
      // Filling column 0 again with code 1 clashes wherever it holds a code already.
      ids.set(Array.from({ length: n }, (_, p) => base + p));
      expect(k.fn.fillCodes(idsAt, n, base, rowsAt, rowBytes, 0, 0, 0)).toBe(codes.filter((row) => row[0]! > 0).length);

      // Every other person, counted by column and code.
      const audience = Array.from({ length: n }, (_, p) => p).filter((p) => p % 2 === 0);
      ids.set(audience.map((p) => base + p));
      (rowBytes === 8 ? k.fn.histogram8 : k.fn.histogram16)(idsAt, audience.length, base, rowsAt, histAt, tmpAt);
      const hist = new Uint32Array(k.buffer, histAt, 16 * 256);
      for (let c = 0; c < rowBytes; c++) {
        for (let v = 0; v < 4; v++) expect(hist[c * 256 + v], `column ${c} code ${v}`).toBe(audience.filter((p) => codes[p]![c] === v).length);
      }
    }
  });

  it('refuses a memory past 4 GB', async () => {
    const k = await Kernels.create();
    expect(() => k.reserve(2 ** 32)).toThrow(/at most 4 GB/);
  });
});
