import { answerBatch, type Waiting } from '../../core/batch-answers';

/**
 * Work of many buyers that arrive together shares one transaction and one commit, as the door's
 * scans do (docs/decisions/0011-door-batches.md): the holds of one event (docs/decisions/0051-batched-holds.md)
 * and the settlements of paid orders (docs/decisions/0058-batched-settlements.md). A buyer's work goes
 * to the database at once while fewer than `maxInFlight` batches of its lane are running; otherwise it
 * waits for the next of them to finish and goes with all that arrived meanwhile (at most `maxBatch`).
 * A lone buyer never waits. Each buyer is answered only once the batch has committed, so an answer
 * is a stored result.
 *
 * A lane is what a batch may mix: the holds of one event, whose statement locks that event's counter
 * rows, so holds of two events never wait on each other. A batch that fails is run again one buyer
 * at a time, so a buyer the database refuses fails alone.
 */
interface Lane<In, Out> {
  queue: Waiting<In, Out>[];
  inFlight: number;
}

export class Batcher<In, Out> {
  private readonly lanes = new Map<string, Lane<In, Out>>();

  constructor(
    private readonly runBatch: (lane: string, inputs: In[]) => Promise<Out[]>,
    private readonly laneOf: (input: In) => string,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 100,
  ) {}

  run(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      const name = this.laneOf(input);
      let lane = this.lanes.get(name);
      if (!lane) {
        lane = { queue: [], inFlight: 0 };
        this.lanes.set(name, lane);
      }
      lane.queue.push({ input, resolve, reject });
      this.pump(name, lane);
    });
  }

  private pump(name: string, lane: Lane<In, Out>): void {
    while (lane.inFlight < this.maxInFlight && lane.queue.length > 0) {
      lane.inFlight++;
      void this.settle(name, lane, lane.queue.splice(0, this.maxBatch));
    }
    if (lane.inFlight === 0 && lane.queue.length === 0) this.lanes.delete(name);
  }

  private async settle(name: string, lane: Lane<In, Out>, batch: Waiting<In, Out>[]): Promise<void> {
    let outs: Out[] | undefined;
    let failure: unknown;
    try {
      outs = await this.runBatch(
        name,
        batch.map((entry) => entry.input),
      );
    } catch (error) {
      failure = error;
    }
    // The next batch goes out before this one's buyers are answered.
    lane.inFlight--;
    this.pump(name, lane);
    answerBatch(batch, outs, failure, (inputs) => this.runBatch(name, inputs));
  }
}
