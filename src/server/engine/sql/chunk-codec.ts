/** People per stored chunk: one `bit varying` of this many bits. */
export const CHUNK_BITS = 65_536;
const CHUNK_BYTES = CHUNK_BITS / 8;

/**
 * Sorted person ids to hex chunks ('x...', the first id of a chunk is its leftmost bit), only
 * the chunks that hold someone.
 */
export function encodeChunks(sortedIds: Uint32Array): { chunk: number; hex: string }[] {
  const out: { chunk: number; hex: string }[] = [];
  let i = 0;
  while (i < sortedIds.length) {
    const chunk = Math.floor(sortedIds[i]! / CHUNK_BITS);
    const base = chunk * CHUNK_BITS;
    const bytes = Buffer.alloc(CHUNK_BYTES);
    for (; i < sortedIds.length && sortedIds[i]! < base + CHUNK_BITS; i++) {
      const pos = sortedIds[i]! - base;
      bytes[pos >> 3] = bytes[pos >> 3]! | (0x80 >> (pos & 7));
    }
    out.push({ chunk, hex: `x${bytes.toString('hex')}` });
  }
  return out;
}

/** Hex chunks (or the 0/1 text PostgreSQL returns) back to sorted person ids. */
export function decodeChunk(chunk: number, bits: string): number[] {
  const ids: number[] = [];
  const base = chunk * CHUNK_BITS;
  if (bits.startsWith('x')) {
    const bytes = Buffer.from(bits.slice(1), 'hex');
    bytes.forEach((byte, b) => {
      for (let k = 0; k < 8; k++) if (byte & (0x80 >> k)) ids.push(base + b * 8 + k);
    });
  } else {
    for (let pos = 0; pos < bits.length; pos++) if (bits.charCodeAt(pos) === 49) ids.push(base + pos);
  }
  return ids;
}
