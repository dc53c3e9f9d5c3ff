import { TimeLimitError } from './questions';

/** One user has as many questions waiting as the queue takes: the caller answers 429 with Retry-After. */
export class CountSlotsBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`You have too many counts waiting. Try again in ${retryAfterSeconds} s.`);
    this.name = 'CountSlotsBusyError';
  }
}

export interface CountSlotsOptions {
  /** Questions the engines work on at once, all users together. */
  total: number;
  /** Of those, what one user may hold. */
  perUser: number;
  /** Questions one user may have waiting; past it, refused. */
  queuePerUser: number;
  /** A question that waits longer than this is refused with TimeLimitError, never answered late. */
  waitLimitMs: number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

interface UserSlots {
  running: number;
  waiting: Waiter[];
}

/**
 * Count work, shared fairly: at most `total` questions run at once and one user holds at most
 * `perUser` of them, so one analyst's heavy overlaps cannot take every engine slot. The rest
 * wait in a queue per user, served round-robin across users, and time out at the wait limit.
 */
export class CountSlots {
  private running = 0;
  private readonly users = new Map<string, UserSlots>();
  /** Users with someone waiting, in the order they are served. */
  private turn: string[] = [];

  constructor(private readonly options: CountSlotsOptions) {
    if (options.perUser < 1 || options.total < options.perUser) throw new RangeError('CountSlots needs 1 <= perUser <= total');
  }

  /** Runs `work` in a slot of `user`'s, waiting for one if need be. */
  async run<T>(user: string, work: () => Promise<T>): Promise<T> {
    await this.acquire(user);
    try {
      return await work();
    } finally {
      this.release(user);
    }
  }

  /** How many questions run and wait: for tests and the benchmark. */
  stats(user?: string) {
    const slots = user ? this.users.get(user) : undefined;
    return { running: this.running, userRunning: slots?.running ?? 0, userWaiting: slots?.waiting.length ?? 0 };
  }

  private slotsOf(user: string): UserSlots {
    let slots = this.users.get(user);
    if (!slots) this.users.set(user, (slots = { running: 0, waiting: [] }));
    return slots;
  }

  private acquire(user: string): Promise<void> {
    const slots = this.slotsOf(user);
    if (slots.waiting.length === 0 && slots.running < this.options.perUser && this.running < this.options.total) {
      slots.running++;
      this.running++;
      return Promise.resolve();
    }
    if (slots.waiting.length >= this.options.queuePerUser) {
      this.forget(user);
      return Promise.reject(new CountSlotsBusyError(1));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          slots.waiting.splice(slots.waiting.indexOf(waiter), 1);
          if (slots.waiting.length === 0) this.turn = this.turn.filter((u) => u !== user);
          this.forget(user);
          reject(new TimeLimitError(this.options.waitLimitMs));
        }, this.options.waitLimitMs),
      };
      slots.waiting.push(waiter);
      if (!this.turn.includes(user)) this.turn.push(user);
    });
  }

  private release(user: string) {
    const slots = this.slotsOf(user);
    slots.running--;
    this.running--;
    this.next();
    this.forget(user);
  }

  /** Starts waiting questions while slots are free: the next user in turn who is under their share. */
  private next() {
    while (this.running < this.options.total) {
      const at = this.turn.findIndex((u) => this.users.get(u)!.running < this.options.perUser);
      if (at < 0) return;
      const user = this.turn[at]!;
      const slots = this.users.get(user)!;
      const waiter = slots.waiting.shift()!;
      // Served: to the back of the line, or out of it.
      this.turn.splice(at, 1);
      if (slots.waiting.length) this.turn.push(user);
      slots.running++;
      this.running++;
      waiter.start();
    }
  }

  private forget(user: string) {
    const slots = this.users.get(user);
    if (slots && slots.running === 0 && slots.waiting.length === 0) this.users.delete(user);
  }
}
