import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

interface Buyer {
  event: string;
  n: number;
}

/** A runner whose batches finish when the test says so, recording what each batch held. */
function heldRunner() {
  const batches: string[] = [];
  const finish: (() => void)[] = [];
  const runBatch = (event: string, buyers: Buyer[]) => {
    batches.push(`${event}:${buyers.map((buyer) => buyer.n).join(',')}`);
    return new Promise<string[]>((resolve) => {
      finish.push(() => resolve(buyers.map((buyer) => `held ${buyer.n}`)));
    });
  };
  return { batches, finish, runBatch };
}

const laneOf = (buyer: Buyer) => buyer.event;

describe('hold batches', () => {
  it('sends a lone hold at once, and the holds of one event that arrive while it is busy together', async () => {
    const { batches, finish, runBatch } = heldRunner();
    const batcher = new Batcher(runBatch, laneOf, 2, 100);
    const first = batcher.run({ event: 'a', n: 1 });
    const second = batcher.run({ event: 'a', n: 2 });
    const queued = [3, 4, 5].map((n) => batcher.run({ event: 'a', n }));
    // Another event's hold does not wait for event a's batches.
    const elsewhere = batcher.run({ event: 'b', n: 6 });
    expect(batches).toEqual(['a:1', 'a:2', 'b:6']);
    finish[0]!();
    expect(await first).toBe('held 1');
    expect(batches).toEqual(['a:1', 'a:2', 'b:6', 'a:3,4,5']);
    for (const done of finish.slice(1)) done();
    expect(await second).toBe('held 2');
    expect(await elsewhere).toBe('held 6');
    expect(await Promise.all(queued)).toEqual(['held 3', 'held 4', 'held 5']);
  });

  it('keeps a batch to its largest size and sends the rest next', async () => {
    const { batches, finish, runBatch } = heldRunner();
    const batcher = new Batcher(runBatch, laneOf, 1, 2);
    const all = [1, 2, 3, 4, 5].map((n) => batcher.run({ event: 'a', n }));
    expect(batches).toEqual(['a:1']);
    finish[0]!();
    await all[0];
    expect(batches).toEqual(['a:1', 'a:2,3']);
    finish[1]!();
    await all[2];
    expect(batches).toEqual(['a:1', 'a:2,3', 'a:4,5']);
    finish[2]!();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5].map((n) => `held ${n}`));
  });

  it('runs a failed batch again one buyer at a time, so only the refused buyer fails', async () => {
    const runs: number[][] = [];
    let release: () => void = () => undefined;
    const busy = new Promise<void>((resolve) => (release = resolve));
    const batcher = new Batcher(
      async (_event: string, buyers: Buyer[]) => {
        runs.push(buyers.map((buyer) => buyer.n));
        if (buyers.length === 1 && buyers[0]!.n === 0) await busy;
        if (buyers.some((buyer) => buyer.n < 0)) throw new Error('refused');
        return buyers.map((buyer) => buyer.n * 10);
      },
      laneOf,
      1,
      100,
    );
    const first = batcher.run({ event: 'a', n: 0 });
    const outcomes = [1, -1, 2].map((n) =>
      batcher.run({ event: 'a', n }).then(
        (out) => out,
        (error: Error) => error.message,
      ),
    );
    release();
    expect(await first).toBe(0);
    expect(await Promise.all(outcomes)).toEqual([10, 'refused', 20]);
    expect(runs).toEqual([[0], [1, -1, 2], [1], [-1], [2]]);
  });
});
