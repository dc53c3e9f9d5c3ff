/**
 * A bound on the password checks (argon2) running at once, so a login flood cannot take every
 * core: argon2 runs on libuv's threads, and with all of them busy the main thread (HTTP, and on
 * PGlite every query) waits for a core, which slowed the health check and every user's reads
 * (issue 26.3). At most `concurrency` checks run; up to `queue` more wait their turn (briefly: a
 * check takes tens of milliseconds); past that a check is refused at once with PoolBusyError.
 */
export class PoolBusyError extends Error {
  constructor() {
    super('the password check pool and its queue are full');
    this.name = 'PoolBusyError';
  }
}

export interface PoolSize {
  concurrency: number;
  queue: number;
}

export class PasswordPool {
  private running = 0;
  /** Waiting tasks' starters, first come first served. */
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: PoolSize) {
    if (!Number.isInteger(size.concurrency) || size.concurrency < 1) throw new Error(`pool concurrency must be a positive whole number, got ${size.concurrency}`);
    if (!Number.isInteger(size.queue) || size.queue < 0) throw new Error(`pool queue must be a whole number, got ${size.queue}`);
  }

  /** Whether a task given now would be refused. */
  get full(): boolean {
    return this.running >= this.size.concurrency && this.waiting.length >= this.size.queue;
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` when a slot is free; throws PoolBusyError without running it when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.size.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.size.queue) throw new PoolBusyError();
      // The finishing task hands its slot over (release), so `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

/** One pool per configuration: the process's cores are shared by all its logins. */
const pools = new WeakMap<PoolSize, PasswordPool>();
export function passwordPool(size: PoolSize): PasswordPool {
  let pool = pools.get(size);
  if (!pool) {
    pool = new PasswordPool(size);
    pools.set(size, pool);
  }
  return pool;
}
