import { describe, expect, it } from 'vitest';
import { DoorBatcher } from './door-batcher';

/** A runner whose batches finish when the test says so, recording what each batch held. */
function heldRunner() {
  const batches: number[][] = [];
  const finish: (() => void)[] = [];
  const runBatch = (inputs: number[]) => {
    batches.push(inputs);
    return new Promise<string[]>((resolve, reject) => {
      finish.push(() => (inputs.includes(-1) ? reject(new Error('refused')) : resolve(inputs.map((n) => `done ${n}`))));
    });
  };
  return { batches, finish, runBatch };
}

describe('door batches', () => {
  it('sends a lone scan at once, and the scans that arrive while the door is busy together', async () => {
    const { batches, finish, runBatch } = heldRunner();
    const batcher = new DoorBatcher(runBatch, 2, 100);
    const first = batcher.run(1);
    const second = batcher.run(2);
    expect(batches).toEqual([[1], [2]]);
    const queued = [3, 4, 5].map((n) => batcher.run(n));
    expect(batches).toHaveLength(2);
    finish[0]!();
    expect(await first).toBe('done 1');
    expect(batches).toEqual([[1], [2], [3, 4, 5]]);
    finish[1]!();
    finish[2]!();
    expect(await second).toBe('done 2');
    expect(await Promise.all(queued)).toEqual(['done 3', 'done 4', 'done 5']);
  });

  it('keeps a batch to its largest size and sends the rest next', async () => {
    const { batches, finish, runBatch } = heldRunner();
    const batcher = new DoorBatcher(runBatch, 1, 2);
    const all = [1, 2, 3, 4, 5].map((n) => batcher.run(n));
    expect(batches).toEqual([[1]]);
    finish[0]!();
    await all[0];
    expect(batches).toEqual([[1], [2, 3]]);
    finish[1]!();
    await all[2];
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
    finish[2]!();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5].map((n) => `done ${n}`));
  });

  it('runs a failed batch again one scan at a time, so only the refused scan fails', async () => {
    const runs: number[][] = [];
    const batcher = new DoorBatcher(
      (inputs: number[]) => {
        runs.push(inputs);
        if (inputs.includes(-1)) return Promise.reject(new Error('refused'));
        return Promise.resolve(inputs.map((n) => n * 10));
      },
      1,
      100,
    );
    const blocker = batcher.run(0);
    const results = Promise.allSettled([1, -1, 2].map((n) => batcher.run(n)));
    await blocker;
    expect(await results).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('refused') },
      { status: 'fulfilled', value: 20 },
    ]);
    expect(runs).toEqual([[0], [1, -1, 2], [1], [-1], [2]]);
  });
});
