import { describe, expect, it } from 'vitest';
import { PasswordQueue, PasswordQueueFullError } from './password-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('PasswordQueue', () => {
  it('runs at most `concurrency` checks at once, the rest in the order they came', async () => {
    const queue = new PasswordQueue(2, 10);
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const checks = Array.from({ length: 7 }, (_, i) =>
      queue.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        finished.push(i);
        return i;
      }),
    );
    expect(await Promise.all(checks)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect(finished.slice(0, 2).sort()).toEqual([0, 1]);
    expect(
      finished.slice(2).every((value, index, all) => index === 0 || value > (all[index - 1] as number)),
    ).toBe(true);
  });

  it('refuses at once when too many wait, and frees the slot of a check that failed', async () => {
    const queue = new PasswordQueue(1, 2);
    let release: () => void = () => {};
    const first = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = queue.run(async () => 'second');
    const third = queue.run(async () => {
      throw new Error('failed check');
    });
    await expect(queue.run(async () => 'fourth')).rejects.toBeInstanceOf(PasswordQueueFullError);
    expect(queue.waiting).toBe(2);
    release();
    await first;
    expect(await second).toBe('second');
    await expect(third).rejects.toThrow('failed check');
    expect(await queue.run(async () => 'after')).toBe('after');
    expect(queue.waiting).toBe(0);
  });
});
