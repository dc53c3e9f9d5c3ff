import type { RoaringBitmap32 } from '../bitmap/roaring';
import type { Kernels } from '../kernels/kernels';

/** Categories coded per person: one byte each in a 16-byte row. */
export const CODED_CATEGORIES = 16;
const ROW_BYTES = 16;
/** Values a coded category may have: codes 1..255, 0 for none. */
const MAX_VALUES = 255;
/** People listed at once while filling the rows. */
const PAGE = 1 << 20;
const HIST_BYTES = CODED_CATEGORIES * 256 * 4;
/** The histogram kernel's batch: 256 rows of 16 bytes. */
const TMP_BYTES = 256 * ROW_BYTES;

/**
 * Measured costs (ns) that choose between counting an audience's people by their codes and
 * intersecting the audience with each value's bitmap: a coded person (a gathered 16-byte row,
 * 16 increments), a person looked up in a value's bitset, and a bitset chunk against a bitset.
 */
const NS_PER_CODED_PERSON = 19;
const NS_PER_LOOKUP = 0.8;
const NS_PER_BITSET_CHUNK = 600;

/**
 * Each person's value in up to 16 categories whose values exclude each other (an age band, an
 * income band), one byte each, in WASM memory. An index widget over all of a region's values,
 * for a small audience, reads each member's row once (16 bytes) instead of intersecting the
 * audience with 200 bitmaps: at 100M people a 2 % audience is counted in ~20 ms instead of
 * ~130 (decision 005). Categories whose values overlap are left to the bitmaps.
 */
export class ValueCodes {
  /** attribute value id -> (column << 8) | code */
  private readonly cells = new Map<number, number>();
  private readonly idsAt: number;
  /** Categories coded. */
  categories = 0;

  private constructor(
    private readonly kernels: Kernels,
    /** The first person of the rows, and how many rows. */
    readonly first: number,
    readonly rows: number,
  ) {
    this.idsAt = rows * ROW_BYTES + HIST_BYTES + TMP_BYTES;
  }

  /**
   * Rows for people first..last (every person any set of the region holds), filled from the
   * value bitmaps of `categories` (value ids per category). Null when no category can be coded.
   */
  static build(kernels: Kernels, attributes: ReadonlyMap<number, RoaringBitmap32>, categories: readonly (readonly number[])[], first: number, last: number): ValueCodes | null {
    const candidates = categories.filter((values) => values.length > 0 && values.length <= MAX_VALUES && values.every((id) => attributes.has(id)));
    if (candidates.length === 0 || last < first) return null;
    const codes = new ValueCodes(kernels, first, last - first + 1);
    kernels.reserve(codes.idsAt + PAGE * 4);
    new Uint8Array(kernels.buffer, 0, codes.rows * ROW_BYTES).fill(0);
    let column = 0;
    for (const values of candidates) {
      if (column === CODED_CATEGORIES) break;
      let clashes = 0;
      values.forEach((id, v) => {
        const bitmap = attributes.get(id)!;
        for (let offset = 0; offset < bitmap.size && clashes === 0; offset += PAGE) {
          const ids = bitmap.rangeUint32Array(new Uint32Array(kernels.buffer, codes.idsAt, PAGE), offset, PAGE);
          clashes += kernels.fn.fillCodes(codes.idsAt, ids.length, first, 0, column, v + 1);
        }
      });
      if (clashes > 0) {
        // Someone has two values of this category: leave it to the bitmaps and reuse the column.
        const rows = new Uint8Array(kernels.buffer, 0, codes.rows * ROW_BYTES);
        for (let at = column; at < rows.length; at += ROW_BYTES) rows[at] = 0;
        continue;
      }
      values.forEach((id, v) => codes.cells.set(id, (column << 8) | (v + 1)));
      column++;
    }
    codes.categories = column;
    return column === 0 ? null : codes;
  }

  /** Bytes the rows and their working space hold. */
  get bytes(): number {
    return this.kernels.buffer.byteLength;
  }

  coded(attributeId: number): boolean {
    return this.cells.has(attributeId);
  }

  /** Whether counting `audience` by codes beats intersecting it with `values` value bitmaps. */
  worthIt(audience: RoaringBitmap32, values: number): boolean {
    const people = audience.size;
    const chunks = Math.ceil(this.rows / 65536);
    const bitmaps = values * Math.min(people * NS_PER_LOOKUP, chunks * NS_PER_BITSET_CHUNK);
    return people * NS_PER_CODED_PERSON < bitmaps;
  }

  /** The audience's people with each coded value among `attributeIds`. */
  counts(audience: RoaringBitmap32, attributeIds: readonly number[]): Map<number, number> {
    const n = audience.size;
    if (n > 0 && (audience.minimum() < this.first || audience.maximum() >= this.first + this.rows)) {
      throw new RangeError(`Audience people outside the coded rows ${this.first}..${this.first + this.rows - 1}`);
    }
    const histAt = this.rows * ROW_BYTES;
    this.kernels.reserve(this.idsAt + n * 4);
    new Uint32Array(this.kernels.buffer, histAt, HIST_BYTES / 4).fill(0);
    if (n > 0) {
      audience.toUint32Array(new Uint32Array(this.kernels.buffer, this.idsAt, n));
      this.kernels.fn.histogram(this.idsAt, n, this.first, 0, histAt, histAt + HIST_BYTES);
    }
    const hist = new Uint32Array(this.kernels.buffer, histAt, HIST_BYTES / 4);
    const out = new Map<number, number>();
    for (const id of attributeIds) {
      const cell = this.cells.get(id);
      if (cell !== undefined) out.set(id, hist[((cell >>> 8) << 8) | (cell & 255)]!);
    }
    return out;
  }
}
