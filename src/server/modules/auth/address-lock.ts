/**
 * Runs tasks with the same key one after another, in the order they came, within this process;
 * tasks with other keys run as they like. On PGlite (one process owns the database) this is how
 * login attempts from one address are counted one by one without a transaction: PGlite holds its
 * only connection for a whole transaction, so every other request's queries would wait across the
 * awaits between the throttle's statements (issue 26.3).
 */
export class KeyedSerial {
  /** The tail of each key's chain; dropped when its last task settles. */
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting (for tests: nothing is kept once all have settled). */
  get size(): number {
    return this.tails.size;
  }
}
