import { answerBatch, type Waiting } from './batch-answers';

/**
 * Work of many callers that arrives together shares one statement and one commit: the door's scans
 * (docs/decisions/0011-door-batches.md), the holds of one event (docs/decisions/0051-batched-holds.md)
 * and the settlements of paid orders (docs/decisions/0058-batched-settlements.md). Work goes to the
 * database at once while fewer than `maxInFlight` batches are running; otherwise it waits for the
 * next of them to finish and goes with all that arrived meanwhile (at most `maxBatch`). A lone
 * caller never waits. Each is answered only once its batch has committed, so an answer is a stored
 * result; a batch that fails is run again one at a time, so what the database refuses fails alone.
 *
 * Work queues by lane (`laneOf`, an event), and `mix` says what a batch may hold:
 * - `lane`: one lane's work, each lane with its own `maxInFlight` (the hold's statement locks one
 *   event's counters, so holds of two events never wait on each other);
 * - `round-robin`: one of each waiting lane in turn, the lanes sharing `maxInFlight` (the door's
 *   statement serves any event: a burst at one club's door holds another event's scan back by no
 *   more than the batch it is put in; with one lane waiting, a batch is that lane in arrival order).
 */
export interface BatcherOptions<In> {
  laneOf?: (input: In) => string;
  mix?: 'lane' | 'round-robin';
  /** Two: measured against one, four and eight at the door (docs/performance.md). */
  maxInFlight?: number;
  maxBatch?: number;
}

interface Lane<In, Out> {
  queue: Waiting<In, Out>[];
  inFlight: number;
}

export class Batcher<In, Out> {
  /** Per lane, in arrival order; the map's order is the round robin's turn order. */
  private readonly lanes = new Map<string, Lane<In, Out>>();
  /** Batches running, in `round-robin` (in `lane`, each lane counts its own). */
  private inFlight = 0;
  private readonly laneOf: (input: In) => string;
  private readonly mix: 'lane' | 'round-robin';
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  constructor(
    private readonly runBatch: (inputs: In[], lane: string) => Promise<Out[]>,
    options: BatcherOptions<In> = {},
  ) {
    this.laneOf = options.laneOf ?? (() => '');
    this.mix = options.mix ?? 'lane';
    this.maxInFlight = options.maxInFlight ?? 2;
    this.maxBatch = options.maxBatch ?? 100;
  }

  run(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      const name = this.laneOf(input);
      let lane = this.lanes.get(name);
      if (!lane) {
        lane = { queue: [], inFlight: 0 };
        this.lanes.set(name, lane);
      }
      lane.queue.push({ input, resolve, reject });
      if (this.mix === 'lane') this.pumpLane(name, lane);
      else this.pumpRoundRobin();
    });
  }

  private pumpLane(name: string, lane: Lane<In, Out>): void {
    while (lane.inFlight < this.maxInFlight && lane.queue.length > 0) {
      lane.inFlight++;
      void this.settle(lane.queue.splice(0, this.maxBatch), name, () => {
        lane.inFlight--;
        this.pumpLane(name, lane);
      });
    }
    if (lane.inFlight === 0 && lane.queue.length === 0) this.lanes.delete(name);
  }

  private pumpRoundRobin(): void {
    while (this.inFlight < this.maxInFlight && this.lanes.size > 0) {
      this.inFlight++;
      void this.settle(this.nextRound(), '', () => {
        this.inFlight--;
        this.pumpRoundRobin();
      });
    }
  }

  /** One of each waiting lane in turn, up to maxBatch; a lane served goes to the back of the turn. */
  private nextRound(): Waiting<In, Out>[] {
    if (this.lanes.size === 1) {
      const [name, lane] = this.lanes.entries().next().value!;
      const batch = lane.queue.splice(0, this.maxBatch);
      if (lane.queue.length === 0) this.lanes.delete(name);
      return batch;
    }
    const batch: Waiting<In, Out>[] = [];
    while (batch.length < this.maxBatch && this.lanes.size > 0) {
      const [name, lane] = this.lanes.entries().next().value!;
      batch.push(lane.queue.shift()!);
      this.lanes.delete(name);
      if (lane.queue.length > 0) this.lanes.set(name, lane);
    }
    return batch;
  }

  private async settle(batch: Waiting<In, Out>[], lane: string, done: () => void): Promise<void> {
    let outs: Out[] | undefined;
    let failure: unknown;
    try {
      outs = await this.runBatch(
        batch.map((entry) => entry.input),
        lane,
      );
    } catch (error) {
      failure = error;
    }
    // The next batch goes out before this one's callers are answered.
    done();
    answerBatch(batch, outs, failure, (inputs) => this.runBatch(inputs, lane));
  }
}
