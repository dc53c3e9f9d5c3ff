import fs from 'node:fs';
import { createRequire } from 'node:module';
import type wabtInit from 'wabt';

export interface KernelExports {
  memory: WebAssembly.Memory;
  arrayToBitset(src: number, n: number, dst: number): void;
  andBitset(dst: number, src: number): number;
  bitsetIds(src: number, base: number, out: number): number;
  arrayIds(src: number, n: number, base: number, out: number): void;
  fillCodes(ids: number, n: number, base: number, rows: number, rowBytes: number, column: number, code: number, above: number): number;
  histogram8(ids: number, n: number, base: number, rows: number, hist: number, tmp: number): void;
  histogram16(ids: number, n: number, base: number, rows: number, hist: number, tmp: number): void;
}

let compiled: Promise<WebAssembly.Module> | null = null;

/** The kernels' module, assembled from kernels.wat once per thread. */
export function kernelModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const wabt = await (createRequire(import.meta.url)('wabt') as typeof wabtInit)();
    const text = fs.readFileSync(new URL('./kernels.wat', import.meta.url), 'utf8');
    const parsed = wabt.parseWat('kernels.wat', text);
    try {
      parsed.validate();
      return await WebAssembly.compile(new Uint8Array(parsed.toBinary({}).buffer));
    } finally {
      parsed.destroy();
    }
  })();
  return compiled;
}

/** A kernel instance with its own memory, grown on demand (growing detaches earlier views). */
export class Kernels {
  private constructor(private readonly exports: KernelExports) {}
  static async create(): Promise<Kernels> {
    return Kernels.instantiate(await kernelModule());
  }
  static instantiate(module: WebAssembly.Module): Kernels {
    return new Kernels(new WebAssembly.Instance(module).exports as unknown as KernelExports);
  }
  get fn(): Omit<KernelExports, 'memory'> {
    return this.exports;
  }
  get buffer(): ArrayBuffer {
    return this.exports.memory.buffer;
  }
  /** Makes the memory at least `bytes` long. */
  reserve(bytes: number) {
    const have = this.exports.memory.buffer.byteLength;
    if (bytes <= have) return;
    if (bytes > 2 ** 32 - 65536) throw new RangeError(`A kernel memory holds at most 4 GB, asked for ${bytes} bytes`);
    this.exports.memory.grow(Math.ceil((bytes - have) / 65536));
  }
}
