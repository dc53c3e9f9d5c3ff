import type { Kernels } from '../kernels/kernels';
import { RoaringBitmap32 } from './roaring';

/**
 * Array containers above this many people are held as bitset containers instead. Roaring keeps
 * up to 4,096 people of a 65,536-person chunk as a sorted array, and intersects an array with
 * a bitset one person at a time (~0.8 ns each here), while a bitset-bitset intersection streams
 * 8 KB with SIMD (~0.6 µs). Past ~800 people the bitset is faster (decision 005).
 */
export const DENSE_ARRAY_MIN = 1024;

const BITSET = 1;
const ARRAY = 2;
const RUN = 3;
const CHUNK_BYTES = 8192;
/** The frozen format must start on a 32-byte boundary (AVX loads). */
const ALIGN = 32;

/**
 * Roaring's frozen layout ('unsafe_frozen_croaring'): bitset data (8 KB each), run data (4 bytes
 * per run), array data (2 bytes per person), then per container its key (u16), count (u16:
 * people - 1, or runs), type (u8), then a u32 header (containers << 15 | 13766). Roaring takes
 * container types from the layout as given, and every operation accepts a bitset container of
 * any size.
 */
export class FrozenLayout {
  readonly n: number;
  /** The header's low 15 bits, the format's mark. */
  readonly cookie: number;
  readonly types: Uint8Array;
  private readonly view: DataView;
  private readonly countsAt: number;
  readonly keysAt: number;
  readonly bitsets: number = 0;
  readonly runBytes: number = 0;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const header = this.view.getUint32(bytes.byteLength - 4, true);
    this.n = header >>> 15;
    this.cookie = header & 0x7fff;
    const typesAt = bytes.byteLength - 4 - this.n;
    this.countsAt = typesAt - 2 * this.n;
    this.keysAt = this.countsAt - 2 * this.n;
    this.types = bytes.subarray(typesAt, typesAt + this.n);
    for (let i = 0; i < this.n; i++) {
      if (this.types[i] === BITSET) this.bitsets++;
      else if (this.types[i] === RUN) this.runBytes += 4 * this.count(i);
      else if (this.types[i] !== ARRAY) throw new Error(`Unknown roaring container type ${this.types[i]}`);
    }
  }

  /** People in an array or bitset container; runs in a run container. */
  count(i: number): number {
    const stored = this.view.getUint16(this.countsAt + 2 * i, true);
    return this.types[i] === RUN ? stored : stored + 1;
  }

  key(i: number): number {
    return this.view.getUint16(this.keysAt + 2 * i, true);
  }

  /** Each container in order: its type, key, the byte offset of its data, its count(), its index. */
  forEach(visit: (type: 'bitset' | 'array' | 'run', key: number, at: number, count: number, i: number) => void) {
    let bitsetAt = 0;
    let runAt = this.bitsets * CHUNK_BYTES;
    let arrayAt = runAt + this.runBytes;
    for (let i = 0; i < this.n; i++) {
      const count = this.count(i);
      if (this.types[i] === BITSET) {
        visit('bitset', this.key(i), bitsetAt, count, i);
        bitsetAt += CHUNK_BYTES;
      } else if (this.types[i] === RUN) {
        visit('run', this.key(i), runAt, count, i);
        runAt += 4 * count;
      } else {
        visit('array', this.key(i), arrayAt, count, i);
        arrayAt += 2 * count;
      }
    }
  }

  /** Containers that become bitsets, and the bytes of the dense layout. */
  plan(minArray: number): { dense: number; total: number } {
    let dense = 0;
    let keptArrayBytes = 0;
    for (let i = 0; i < this.n; i++) {
      if (this.types[i] !== ARRAY) continue;
      if (this.count(i) >= minArray) dense++;
      else keptArrayBytes += 2 * this.count(i);
    }
    return { dense, total: (this.bitsets + dense) * CHUNK_BYTES + this.runBytes + keptArrayBytes + 5 * this.n + 4 };
  }

  /**
   * Writes the dense layout into `out` (`total` bytes from plan). `toBitset(from, people, to)`
   * sets an array's people (at byte `from` of the source) in the zeroed bitset at byte `to` of out.
   */
  writeDense(out: Uint8Array, minArray: number, toBitset: (from: number, people: number, to: number) => void) {
    const bitsetBytes = (this.bitsets + this.plan(minArray).dense) * CHUNK_BYTES;
    const newTypes = Uint8Array.from(this.types);
    let toBitsetAt = 0;
    let toArray = bitsetBytes + this.runBytes;
    out.set(this.bytes.subarray(this.bitsets * CHUNK_BYTES, this.bitsets * CHUNK_BYTES + this.runBytes), bitsetBytes);
    this.forEach((type, _key, at, count, i) => {
      if (type === 'bitset') {
        out.set(this.bytes.subarray(at, at + CHUNK_BYTES), toBitsetAt);
        toBitsetAt += CHUNK_BYTES;
      } else if (type === 'array' && count >= minArray) {
        newTypes[i] = BITSET;
        out.fill(0, toBitsetAt, toBitsetAt + CHUNK_BYTES);
        toBitset(at, count, toBitsetAt);
        toBitsetAt += CHUNK_BYTES;
      } else if (type === 'array') {
        out.set(this.bytes.subarray(at, at + 2 * count), toArray);
        toArray += 2 * count;
      }
    });
    const end = out.byteLength;
    out.set(this.bytes.subarray(this.keysAt, this.keysAt + 4 * this.n), end - 4 - 5 * this.n);
    out.set(newTypes, end - 4 - this.n);
    out.set(this.bytes.subarray(this.bytes.byteLength - 4), end - 4);
  }
}

/** A frozen view of `out`, checked to hold what `source` holds (guards against a roaring layout change). */
function checkedView(out: Uint8Array, source: RoaringBitmap32): RoaringBitmap32 {
  const result = RoaringBitmap32.unsafeFrozenView(out, 'unsafe_frozen_croaring');
  if (result.size !== source.size || !result.isEqual(source)) throw new Error('Dense bitmap differs from its source: the roaring frozen layout has changed');
  return result;
}

/**
 * Dense copies of short-lived sets (a counts call's focus) in a kernel's WASM memory: a fresh
 * 12 MB buffer costs ~10-20 ms of page faults at 100M people and a JS loop ~4 ns per person;
 * reused memory and the kernel cost ~1 ms and ~1 ns. A copy is valid only until the next `densify` of
 * the same scratch (one question at a time).
 */
export class DenseScratch {
  constructor(private readonly kernels: Kernels) {}

  densify(bitmap: RoaringBitmap32, minArray = DENSE_ARRAY_MIN): RoaringBitmap32 {
    const sourceBytes = bitmap.getSerializationSizeInBytes('unsafe_frozen_croaring');
    const outAt = Math.ceil(sourceBytes / ALIGN) * ALIGN;
    // At most every container a bitset, plus the runs and arrays: reserved before any view is made.
    const containers = bitmap.isEmpty ? 0 : (bitmap.maximum() >>> 16) - (bitmap.minimum() >>> 16) + 1;
    this.kernels.reserve(outAt + sourceBytes + containers * CHUNK_BYTES);
    const layout = new FrozenLayout(bitmap.serialize('unsafe_frozen_croaring', new Uint8Array(this.kernels.buffer, 0, sourceBytes)));
    const { dense, total } = layout.plan(minArray);
    if (dense === 0) return bitmap;
    const out = new Uint8Array(this.kernels.buffer, outAt, total);
    layout.writeDense(out, minArray, (from, people, to) => this.kernels.fn.arrayToBitset(from, people, outAt + to));
    return RoaringBitmap32.unsafeFrozenView(out, 'unsafe_frozen_croaring');
  }

  /**
   * A lasting dense copy, made as `densify` makes one and then copied out of the scratch into its
   * own buffer (a set being loaded, a union kept for later questions). The copy is checked
   * against the original: a mismatch (a roaring version with another layout) throws rather than
   * answer wrongly.
   */
  keep(bitmap: RoaringBitmap32, minArray = DENSE_ARRAY_MIN): RoaringBitmap32 {
    const temporary = this.densify(bitmap, minArray);
    if (temporary === bitmap) return bitmap;
    const bytes = temporary.getSerializationSizeInBytes('unsafe_frozen_croaring');
    const out = RoaringBitmap32.bufferAlignedAlloc(bytes, ALIGN);
    temporary.serialize('unsafe_frozen_croaring', out);
    return checkedView(out, bitmap);
  }

  /**
   * The intersection of `sets`, every chunk a bitset, made in WASM memory: roaring's own would
   * turn each chunk under 4,096 people into an array (~10 ms for a 6 % focus at 50M people) only
   * for `densify` to turn it back. Null when a set holds run containers (rare: the caller
   * intersects with roaring instead). Valid only until the next use of the scratch.
   */
  intersect(sets: readonly RoaringBitmap32[]): RoaringBitmap32 | null {
    if (sets.length === 0) return null;
    const sizes = sets.map((set) => set.getSerializationSizeInBytes('unsafe_frozen_croaring'));
    const starts: number[] = [];
    let at = 0;
    for (const size of sizes) {
      starts.push(at);
      at += Math.ceil(size / ALIGN) * ALIGN;
    }
    const smallest = Math.min(...sets.map((set) => (set.isEmpty ? 0 : (set.maximum() >>> 16) - (set.minimum() >>> 16) + 1)));
    const outAt = at;
    this.kernels.reserve(outAt + (smallest + 1) * CHUNK_BYTES + 5 * smallest + 4);
    const layouts = sets.map((set, i) => new FrozenLayout(set.serialize('unsafe_frozen_croaring', new Uint8Array(this.kernels.buffer, starts[i]!, sizes[i]!))));
    if (layouts.some((l) => l.runBytes > 0)) return null;
    // Each set's containers by key: [type, byte offset in WASM memory, count].
    const byKey = layouts.map((layout, i) => {
      const map = new Map<number, [string, number, number]>();
      layout.forEach((type, key, offset, count) => map.set(key, [type, starts[i]! + offset, count]));
      return map;
    });
    const order = [...byKey.keys()].sort((a, b) => byKey[a]!.size - byKey[b]!.size);
    const temp = outAt + smallest * CHUNK_BYTES;
    const memory = new Uint8Array(this.kernels.buffer);
    const keys: number[] = [];
    const cards: number[] = [];
    for (const [key, [type, offset, count]] of byKey[order[0]!]!) {
      const others = order.slice(1).map((i) => byKey[i]!.get(key));
      if (others.some((c) => c === undefined)) continue;
      const dst = outAt + keys.length * CHUNK_BYTES;
      if (type === 'bitset') memory.copyWithin(dst, offset, offset + CHUNK_BYTES);
      else {
        memory.fill(0, dst, dst + CHUNK_BYTES);
        this.kernels.fn.arrayToBitset(offset, count, dst);
      }
      let card = count;
      for (const [otherType, otherOffset, otherCount] of others as [string, number, number][]) {
        if (otherType === 'bitset') card = this.kernels.fn.andBitset(dst, otherOffset);
        else {
          memory.fill(0, temp, temp + CHUNK_BYTES);
          this.kernels.fn.arrayToBitset(otherOffset, otherCount, temp);
          card = this.kernels.fn.andBitset(dst, temp);
        }
        if (card === 0) break;
      }
      if (card === 0) continue;
      keys.push(key);
      cards.push(card);
    }
    const n = keys.length;
    const total = n * CHUNK_BYTES + 5 * n + 4;
    const out = new Uint8Array(this.kernels.buffer, outAt, total);
    const trailer = new DataView(out.buffer, out.byteOffset + n * CHUNK_BYTES, 5 * n + 4);
    for (let i = 0; i < n; i++) {
      trailer.setUint16(2 * i, keys[i]!, true);
      trailer.setUint16(2 * n + 2 * i, cards[i]! - 1, true);
      trailer.setUint8(4 * n + i, BITSET);
    }
    trailer.setUint32(5 * n, (n << 15) | layouts[0]!.cookie, true);
    return RoaringBitmap32.unsafeFrozenView(out, 'unsafe_frozen_croaring');
  }
}

/** Bytes a bitmap holds in memory: its frozen buffer for a dense view, its croaring size otherwise. */
export function heldBytes(bitmap: RoaringBitmap32): number {
  return bitmap.isFrozen ? bitmap.getSerializationSizeInBytes('unsafe_frozen_croaring') : bitmap.getSerializationSizeInBytes('croaring');
}
