/**
 * Stored chunks (65,536 bits, first id in the most significant bit of the first byte) to the
 * portable roaring format (RoaringFormatSpec, no run containers), which `RoaringBitmap32.deserialize`
 * reads natively: one container per chunk, an array container up to 4,096 people, a bitset
 * container above. The bitmap engine builds its sets from this without listing every id in JS.
 */
export const CHUNK_BYTES = 8192;
const SERIAL_COOKIE_NO_RUNCONTAINER = 12346;
const ARRAY_MAX = 4096;

const POPCOUNT = new Uint8Array(256);
const REVERSED = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  let count = 0;
  let reversed = 0;
  for (let k = 0; k < 8; k++) {
    if (b & (1 << k)) {
      count++;
      reversed |= 0x80 >> k;
    }
  }
  POPCOUNT[b] = count;
  REVERSED[b] = reversed;
}

/**
 * @param chunks the chunk number of each stored chunk, ascending
 * @param bits the chunks' bytes, CHUNK_BYTES each, in the same order
 */
export function chunksToPortable(chunks: ArrayLike<number>, bits: Uint8Array): Uint8Array {
  if (bits.length !== chunks.length * CHUNK_BYTES) throw new RangeError(`Expected ${chunks.length * CHUNK_BYTES} bytes of chunks, got ${bits.length}`);
  const cardinalities: number[] = [];
  const keys: number[] = [];
  for (let c = 0; c < chunks.length; c++) {
    const key = chunks[c]!;
    if (key < 0 || key > 0xffff || (c > 0 && key <= chunks[c - 1]!)) throw new RangeError(`Chunk numbers must ascend within 0..65535, got ${key}`);
    let n = 0;
    const start = c * CHUNK_BYTES;
    for (let i = start; i < start + CHUNK_BYTES; i++) n += POPCOUNT[bits[i]!]!;
    if (n === 0) continue;
    keys.push(c);
    cardinalities.push(n);
  }
  const count = keys.length;
  let size = 8 + count * 8;
  for (const n of cardinalities) size += n > ARRAY_MAX ? CHUNK_BYTES : n * 2;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, SERIAL_COOKIE_NO_RUNCONTAINER, true);
  view.setUint32(4, count, true);
  let offset = 8 + count * 8;
  for (let k = 0; k < count; k++) {
    const c = keys[k]!;
    const n = cardinalities[k]!;
    view.setUint16(8 + k * 4, chunks[c]!, true);
    view.setUint16(8 + k * 4 + 2, n - 1, true);
    view.setUint32(8 + count * 4 + k * 4, offset, true);
    const start = c * CHUNK_BYTES;
    if (n > ARRAY_MAX) {
      // Same byte order (little-endian 64-bit words are bytes in order), bits reversed in each byte.
      for (let i = 0; i < CHUNK_BYTES; i++) out[offset + i] = REVERSED[bits[start + i]!]!;
      offset += CHUNK_BYTES;
    } else {
      for (let i = 0; i < CHUNK_BYTES; i++) {
        const byte = bits[start + i]!;
        if (byte === 0) continue;
        for (let b = 0; b < 8; b++) {
          if (byte & (0x80 >> b)) {
            view.setUint16(offset, i * 8 + b, true);
            offset += 2;
          }
        }
      }
    }
  }
  return out;
}

/**
 * Sorted person ids to stored chunks (the inverse of what `chunksToPortable` reads): the chunk
 * numbers that hold someone, and CHUNK_BYTES of bits for each, the chunk's first person in the
 * most significant bit of its first byte (member_chunks' `bit varying`).
 */
export function idsToChunks(sortedIds: Uint32Array): { chunks: Int32Array; bits: Uint8Array } {
  let count = 0;
  for (let i = 0, last = -1; i < sortedIds.length; i++) {
    const chunk = sortedIds[i]! >>> 16;
    if (chunk !== last) {
      count++;
      last = chunk;
    }
  }
  const chunks = new Int32Array(count);
  const bits = new Uint8Array(count * CHUNK_BYTES);
  let c = -1;
  let last = -1;
  for (let i = 0; i < sortedIds.length; i++) {
    const id = sortedIds[i]!;
    const chunk = id >>> 16;
    if (chunk !== last) {
      if (chunk < last) throw new RangeError('Person ids must ascend');
      chunks[++c] = chunk;
      last = chunk;
    }
    const pos = id & 0xffff;
    const at = c * CHUNK_BYTES + (pos >>> 3);
    bits[at] = bits[at]! | (0x80 >>> (pos & 7));
  }
  return { chunks, bits };
}
