import { createRequire } from 'node:module';
import type * as Roaring from 'roaring';

/**
 * roaring is a CommonJS native addon whose exports Node's ESM loader cannot list, so a named
 * import works under tsx's main thread but not in a worker thread. Every engine module takes
 * it from here instead.
 */
const roaring = createRequire(import.meta.url)('roaring') as typeof Roaring;
export const RoaringBitmap32 = roaring.RoaringBitmap32;
export type RoaringBitmap32 = Roaring.RoaringBitmap32;
