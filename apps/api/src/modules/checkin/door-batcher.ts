import { answerBatch, type Waiting } from '../../core/batch-answers';

/**
 * Scans that arrive together share one statement. A scan goes to the database at once while fewer
 * than `maxInFlight` of the door's statements are running (two: measured against one, four and
 * eight in docs/performance.md); otherwise it waits for the next one to
 * finish and then goes with every scan that arrived meanwhile (at most `maxBatch`). A lone scan
 * never waits, and a queue at the door costs PostgreSQL one statement, one commit and one WAL
 * flush per batch instead of per scan. Each scan is answered only once its batch has committed, so
 * a check-in answered is a check-in stored (docs/decisions/0011-door-batches.md).
 *
 * A batch that fails is run again one scan at a time, so a scan the database refuses fails alone.
 *
 * The door is shared by every event of every club on this process, so the waiting scans queue per
 * event (`laneOf`) and a batch takes one scan of each event in turn: a burst at one club's door
 * cannot hold another event's scan back by more than the batch it is put in. With one event
 * waiting, a batch is that event's queue in arrival order, as it always was.
 */
export class DoorBatcher<In, Out> {
  /** Per event, in arrival order; the map's order is the turn order (an event served goes last). */
  private readonly lanes = new Map<string, Waiting<In, Out>[]>();
  private inFlight = 0;

  constructor(
    private readonly runBatch: (inputs: In[]) => Promise<Out[]>,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 100,
    private readonly laneOf: (input: In) => string = () => '',
  ) {}

  run(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      const lane = this.laneOf(input);
      const queue = this.lanes.get(lane);
      if (queue) queue.push({ input, resolve, reject });
      else this.lanes.set(lane, [{ input, resolve, reject }]);
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.lanes.size > 0) {
      this.inFlight++;
      void this.settle(this.nextBatch());
    }
  }

  /** Round robin over the events waiting, one scan each per turn, up to maxBatch. */
  private nextBatch(): Waiting<In, Out>[] {
    if (this.lanes.size === 1) {
      const [lane, queue] = this.lanes.entries().next().value!;
      const batch = queue.splice(0, this.maxBatch);
      if (queue.length === 0) this.lanes.delete(lane);
      return batch;
    }
    const batch: Waiting<In, Out>[] = [];
    while (batch.length < this.maxBatch && this.lanes.size > 0) {
      const [lane, queue] = this.lanes.entries().next().value!;
      batch.push(queue.shift()!);
      // Served: to the back of the turn order, or gone when nothing of it waits.
      this.lanes.delete(lane);
      if (queue.length > 0) this.lanes.set(lane, queue);
    }
    return batch;
  }

  private async settle(batch: Waiting<In, Out>[]): Promise<void> {
    let outs: Out[] | undefined;
    let failure: unknown;
    try {
      outs = await this.runBatch(batch.map((entry) => entry.input));
    } catch (error) {
      failure = error;
    }
    // The next batch goes out before this one's scans are answered.
    this.inFlight--;
    this.pump();
    answerBatch(batch, outs, failure, this.runBatch);
  }
}
