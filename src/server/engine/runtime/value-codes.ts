import { FrozenLayout } from '../bitmap/dense';
import { RoaringBitmap32 } from '../bitmap/roaring';
import type { Kernels } from '../kernels/kernels';

/** Bytes a person's row holds at most: one column each. */
const MAX_COLUMNS = 16;
/** Codes a column holds: 0..255. */
const CODES = 256;
/** People listed at once while filling the rows. */
const PAGE = 1 << 20;
const HIST_BYTES = MAX_COLUMNS * CODES * 4;
/** The histogram kernel's batch: 256 rows of up to 16 bytes. */
const TMP_BYTES = 256 * MAX_COLUMNS;

/**
 * Measured costs (ns) that choose between counting an audience's people by their codes and
 * intersecting the audience with each value's bitmap: a coded person (a gathered row, one
 * increment per column), a person looked up in a value's bitset, and a bitset chunk against a
 * bitset.
 */
const NS_PER_CODED_PERSON = 12;
const NS_PER_LOOKUP = 0.8;
const NS_PER_BITSET_CHUNK = 600;

/** A category in a column: code = Σ (value index + 1) × multiplier over the column's categories. */
interface Part {
  values: readonly number[];
  multiplier: number;
}

/**
 * Each person's value in the categories whose values exclude each other (an age band, an income
 * band), in WASM memory: a row of 8 or 16 one-byte columns per person, two small categories
 * sharing a column when their codes fit (7 age bands and 8 incomes: 8 × 9 = 72 codes). An index
 * widget over all of a region's values, for a small audience, reads each member's row once
 * instead of intersecting the audience with 200 bitmaps: at 100M people a 2 % audience is
 * counted in ~20 ms instead of ~130 (decision 005). Categories whose values overlap are left to
 * the bitmaps.
 */
export class ValueCodes {
  /** attribute value id -> its column and part */
  private readonly cells = new Map<number, { column: number; part: Part; index: number }>();
  private readonly columns: Part[][];
  /** Categories every person of the rows has a value of: the largest value is the rest. */
  private readonly exhaustive: { derived: number; others: number[] }[] = [];
  private readonly rowBytes: 8 | 16;

  private constructor(
    private readonly kernels: Kernels,
    /** The first person of the rows, and how many rows. */
    readonly first: number,
    readonly rows: number,
    columns: Part[][],
  ) {
    this.columns = columns;
    this.rowBytes = columns.length <= 8 ? 8 : 16;
    columns.forEach((parts, column) => parts.forEach((part) => part.values.forEach((id, index) => this.cells.set(id, { column, part, index }))));
  }

  /**
   * Rows for people first..last (every person any set of the region holds), filled from the
   * value bitmaps of `categories` (value ids per category). Null when no category can be coded.
   */
  static build(kernels: Kernels, attributes: ReadonlyMap<number, RoaringBitmap32>, categories: readonly (readonly number[])[], first: number, last: number): ValueCodes | null {
    const exclusive: (readonly number[])[] = [];
    const exhaustive: (readonly number[])[] = [];
    for (const values of categories) {
      if (values.length === 0 || values.length >= CODES || !values.every((id) => attributes.has(id))) continue;
      const sets = values.map((id) => attributes.get(id)!);
      const people = RoaringBitmap32.orMany(sets).size;
      if (sets.reduce((n, s) => n + s.size, 0) !== people) continue;
      exclusive.push(values);
      if (people === last - first + 1) exhaustive.push(values);
    }
    if (exclusive.length === 0 || last < first) return null;
    const codes = new ValueCodes(kernels, first, last - first + 1, columnsFor(exclusive));
    for (const values of exhaustive) {
      const largest = values.reduce((a, b) => (attributes.get(b)!.size > attributes.get(a)!.size ? b : a));
      codes.exhaustive.push({ derived: largest, others: values.filter((id) => id !== largest) });
    }
    const rowsBytes = codes.rows * codes.rowBytes;
    kernels.reserve(rowsBytes + PAGE * 4);
    new Uint8Array(kernels.buffer, 0, rowsBytes).fill(0);
    codes.columns.forEach((parts, column) => {
      for (const part of parts) {
        part.values.forEach((id, index) => {
          const bitmap = attributes.get(id)!;
          for (let offset = 0; offset < bitmap.size; offset += PAGE) {
            const ids = bitmap.rangeUint32Array(new Uint32Array(kernels.buffer, rowsBytes, PAGE), offset, PAGE);
            const clashes = kernels.fn.fillCodes(rowsBytes, ids.length, first, 0, codes.rowBytes, column, (index + 1) * part.multiplier, part.multiplier - 1);
            // Checked above: a category's values never share a person.
            if (clashes > 0) throw new Error(`Value ${id} shares people with another value of its category`);
          }
        });
      }
    });
    return codes;
  }

  /** Bytes the rows and their working space hold. */
  get bytes(): number {
    return this.kernels.buffer.byteLength;
  }

  /** Categories coded. */
  get categories(): number {
    return this.columns.reduce((n, parts) => n + parts.length, 0);
  }

  coded(attributeId: number): boolean {
    return this.cells.has(attributeId);
  }

  /**
   * For each category that every person has a value of and whose values are all asked for: its
   * largest value, counted as the audience less the others (one intersection fewer), and those
   * others.
   */
  derivable(attributeIds: readonly number[]): Map<number, number[]> {
    const asked = new Set(attributeIds);
    const out = new Map<number, number[]>();
    for (const { derived, others } of this.exhaustive) {
      if (asked.has(derived) && others.every((id) => asked.has(id))) out.set(derived, others);
    }
    return out;
  }

  /** Whether counting `audience` by codes beats intersecting it with `values` value bitmaps. */
  worthIt(audience: RoaringBitmap32, values: number): boolean {
    const people = audience.size;
    const chunks = Math.ceil(this.rows / 65536);
    const bitmaps = values * Math.min(people * NS_PER_LOOKUP, chunks * NS_PER_BITSET_CHUNK);
    return people * NS_PER_CODED_PERSON * (this.rowBytes / 8) < bitmaps;
  }

  /** The audience's people with each coded value among `attributeIds`. */
  counts(audience: RoaringBitmap32, attributeIds: readonly number[]): Map<number, number> {
    const n = audience.size;
    if (n > 0 && (audience.minimum() < this.first || audience.maximum() >= this.first + this.rows)) {
      throw new RangeError(`Audience people outside the coded rows ${this.first}..${this.first + this.rows - 1}`);
    }
    const histAt = this.rows * this.rowBytes;
    const audienceAt = histAt + HIST_BYTES + TMP_BYTES;
    const audienceBytes = audience.getSerializationSizeInBytes('unsafe_frozen_croaring');
    const idsAt = audienceAt + Math.ceil(audienceBytes / 4) * 4;
    this.kernels.reserve(idsAt + n * 4);
    new Uint32Array(this.kernels.buffer, histAt, HIST_BYTES / 4).fill(0);
    if (n > 0) {
      this.listPeople(audience, audienceAt, audienceBytes, idsAt);
      (this.rowBytes === 8 ? this.kernels.fn.histogram8 : this.kernels.fn.histogram16)(idsAt, n, this.first, 0, histAt, histAt + HIST_BYTES);
    }
    return this.valueCounts(new Uint32Array(this.kernels.buffer, histAt, HIST_BYTES / 4), attributeIds);
  }

  /** The audience's people as u32 at `idsAt`, listed by the kernels from its frozen layout. */
  private listPeople(audience: RoaringBitmap32, at: number, bytes: number, idsAt: number) {
    const layout = new FrozenLayout(audience.serialize('unsafe_frozen_croaring', new Uint8Array(this.kernels.buffer, at, bytes)));
    const ids = new Uint32Array(this.kernels.buffer);
    let out = idsAt;
    layout.forEach((type, key, offset, count) => {
      const base = key * 65536;
      if (type === 'bitset') out += 4 * this.kernels.fn.bitsetIds(at + offset, base, out);
      else if (type === 'array') {
        this.kernels.fn.arrayIds(at + offset, count, base, out);
        out += 4 * count;
      } else {
        const runs = new Uint16Array(this.kernels.buffer, at + offset, 2 * count);
        for (let r = 0; r < count; r++) {
          for (let p = runs[2 * r]!, end = p + runs[2 * r + 1]!; p <= end; p++) {
            ids[out >>> 2] = base + p;
            out += 4;
          }
        }
      }
    });
  }

  /** The coded categories, each its value ids in order (a lookalike's model is fitted over these). */
  categoryValues(): number[][] {
    return this.columns.flatMap((parts) => parts.map((part) => [...part.values]));
  }

  /**
   * A score table for `scoreRows`: per column, per code, the sum of `points` of the values the
   * code holds (a value without points, or no value, adds 0).
   */
  scoreTable(points: ReadonlyMap<number, number>): Int32Array {
    const table = new Int32Array(this.rowBytes * CODES);
    this.columns.forEach((parts, column) => {
      for (let code = 0; code < CODES; code++) {
        let sum = 0;
        for (const part of parts) {
          const digit = Math.floor(code / part.multiplier) % (part.values.length + 1);
          const id = part.values[digit - 1];
          if (digit > 0 && id !== undefined) sum += points.get(id) ?? 0;
        }
        table[column * CODES + code] = sum;
      }
    });
    return table;
  }

  /**
   * Scores of people from..from+n-1 into out[0..n-1]: each the sum over its row's columns of
   * `table` (scoreTable). People outside the rows (in no set) score 0.
   */
  scoreRows(table: Int32Array, from: number, n: number, out: Int32Array) {
    out.fill(0, 0, n);
    const lo = Math.max(from, this.first);
    const hi = Math.min(from + n, this.first + this.rows);
    if (hi <= lo) return;
    const width = this.rowBytes;
    const columns = this.columns.length;
    const rows = new Uint8Array(this.kernels.buffer, (lo - this.first) * width, (hi - lo) * width);
    for (let p = lo, at = 0; p < hi; p++, at += width) {
      let score = 0;
      for (let c = 0; c < columns; c++) score += table[(c << 8) | rows[at + c]!]!;
      out[p - from] = score;
    }
  }

  /** Each coded value's count from the columns' histograms of codes. */
  private valueCounts(hist: Uint32Array, attributeIds: readonly number[]): Map<number, number> {
    const wanted = new Set(attributeIds);
    const out = new Map<number, number>();
    for (const id of attributeIds) if (this.cells.has(id)) out.set(id, 0);
    this.columns.forEach((parts, column) => {
      for (let code = 1; code < CODES; code++) {
        const people = hist[column * CODES + code]!;
        if (people === 0) continue;
        for (const part of parts) {
          const digit = Math.floor(code / part.multiplier) % (part.values.length + 1);
          const id = part.values[digit - 1];
          if (digit > 0 && id !== undefined && wanted.has(id)) out.set(id, out.get(id)! + people);
        }
      }
    });
    return out;
  }
}

/**
 * Categories into at most 16 columns: the largest first, each sharing its column with the
 * largest other whose codes still fit in a byte ((a + 1) × (b + 1) <= 256).
 */
export function columnsFor(categories: readonly (readonly number[])[]): Part[][] {
  const left = [...categories].sort((a, b) => b.length - a.length);
  const columns: Part[][] = [];
  while (left.length && columns.length < MAX_COLUMNS) {
    const head = left.shift()!;
    const partner = left.findIndex((c) => (head.length + 1) * (c.length + 1) <= CODES);
    const column: Part[] = [{ values: head, multiplier: 1 }];
    if (partner >= 0) column.push({ values: left.splice(partner, 1)[0]!, multiplier: head.length + 1 });
    columns.push(column);
  }
  return columns;
}
