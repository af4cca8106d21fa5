import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

interface Buyer {
  event: string;
  n: number;
}

/** A runner whose batches finish when the test says so, recording what each batch held. */
function heldLaneRunner() {
  const batches: string[] = [];
  const finish: (() => void)[] = [];
  const runBatch = (buyers: Buyer[], event: string) => {
    batches.push(`${event}:${buyers.map((buyer) => buyer.n).join(',')}`);
    return new Promise<string[]>((resolve) => {
      finish.push(() => resolve(buyers.map((buyer) => `held ${buyer.n}`)));
    });
  };
  return { batches, finish, runBatch };
}

const laneOf = (buyer: Buyer) => buyer.event;

describe('batches of one lane (the holds of one event)', () => {
  it('sends a lone hold at once, and the holds of one event that arrive while it is busy together', async () => {
    const { batches, finish, runBatch } = heldLaneRunner();
    const batcher = new Batcher(runBatch, { laneOf, maxInFlight: 2, maxBatch: 100 });
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
    const { batches, finish, runBatch } = heldLaneRunner();
    const batcher = new Batcher(runBatch, { laneOf, maxInFlight: 1, maxBatch: 2 });
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
      async (buyers: Buyer[]) => {
        runs.push(buyers.map((buyer) => buyer.n));
        if (buyers.length === 1 && buyers[0]!.n === 0) await busy;
        if (buyers.some((buyer) => buyer.n < 0)) throw new Error('refused');
        return buyers.map((buyer) => buyer.n * 10);
      },
      { laneOf, maxInFlight: 1, maxBatch: 100 },
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

describe('batches in turn across lanes (the door)', () => {
  it('sends a lone scan at once, and the scans that arrive while the door is busy together', async () => {
    const { batches, finish, runBatch } = heldRunner();
    const batcher = new Batcher(runBatch, { mix: 'round-robin', maxInFlight: 2, maxBatch: 100 });
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
    const batcher = new Batcher(runBatch, { mix: 'round-robin', maxInFlight: 1, maxBatch: 2 });
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
    const batcher = new Batcher(
      (inputs: number[]) => {
        runs.push(inputs);
        if (inputs.includes(-1)) return Promise.reject(new Error('refused'));
        return Promise.resolve(inputs.map((n) => n * 10));
      },
      { mix: 'round-robin', maxInFlight: 1, maxBatch: 100 },
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

  it("puts another event's scan in the next batch however many of one event's scans wait", async () => {
    const { batches, finish, runBatch } = heldRunner();
    // The event of a scan: 1000 and up is event B, below it event A.
    const batcher = new Batcher(runBatch, {
      mix: 'round-robin',
      maxInFlight: 1,
      maxBatch: 100,
      laneOf: (n: number) => (n >= 1000 ? 'B' : 'A'),
    });
    const burst = Array.from({ length: 450 }, (_, n) => batcher.run(n));
    const other = batcher.run(1000);
    expect(batches).toEqual([[0]]);
    finish[0]!();
    await burst[0];
    // The very next batch takes B's scan, after one of A's; A's burst fills the rest of it.
    expect(batches[1]).toHaveLength(100);
    expect(batches[1]!.slice(0, 3)).toEqual([1, 1000, 2]);
    await settleFrom(finish, 1);
    expect(await other).toBe('done 1000');
    expect(await Promise.all(burst)).toEqual(burst.map((_, n) => `done ${n}`));
    // A's scans went in arrival order, each once.
    expect(batches.flat().filter((n) => n < 1000)).toEqual(Array.from({ length: 450 }, (_, n) => n));
  });

  it('serves many waiting events in turn, one scan of each before a second of any', async () => {
    const { batches, finish, runBatch } = heldRunner();
    // 300 events, each with 3 scans arriving one after the other (the event of scan n is n / 3).
    const batcher = new Batcher(runBatch, {
      mix: 'round-robin',
      maxInFlight: 1,
      maxBatch: 100,
      laneOf: (n: number) => String(Math.floor(n / 3)),
    });
    const blocker = batcher.run(-3);
    const all = Array.from({ length: 900 }, (_, n) => batcher.run(n));
    await settleFrom(finish, 0);
    await blocker;
    expect(await Promise.all(all)).toHaveLength(900);
    const eventsOf = (batch: number[]) => new Set(batch.map((n) => Math.floor(n / 3)));
    // Arrival order would have given the first batches to the first 34 events only.
    expect(eventsOf(batches.slice(1, 4).flat()).size).toBe(300);
    expect(batches.slice(1).every((batch) => batch.length === 100 && eventsOf(batch).size === 100)).toBe(true);
  });
});

/** Lets every batch finish in turn, from the `start`th, including those sent while this runs. */
async function settleFrom(finish: (() => void)[], start: number): Promise<void> {
  for (let i = start; i < finish.length; i++) {
    finish[i]!();
    await new Promise((resolve) => setImmediate(resolve));
  }
}
