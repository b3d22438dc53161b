import { availableParallelism } from 'node:os';

/** The password-check queue is full: the host answers 503 with Retry-After. */
export class PasswordQueueFullError extends Error {
  override readonly name = 'PasswordQueueFullError';
}

/**
 * Password checks, at most `concurrency` at a time, the others waiting their turn in order.
 * A check (scrypt) takes ~0.2–0.3 s of one core and 16 MiB: run all at once, two hundred sign-ins
 * would each take the whole burst's time, and their memory would add up (Node's thread pool runs
 * four at a time). In turn, the first finish first and memory stays at `concurrency` checks. At
 * most `maxWaiting` wait; beyond that a sign-in is refused at once rather than kept waiting.
 */
export class PasswordQueue {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly concurrency = availableParallelism(),
    readonly maxWaiting = 1_000,
  ) {}

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(check: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting)
        throw new PasswordQueueFullError('too many sign-ins at once');
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await check();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next in line.
      if (next) next();
      else this.#running -= 1;
    }
  }
}
