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
 */
export class DoorBatcher<In, Out> {
  private readonly waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly runBatch: (inputs: In[]) => Promise<Out[]>,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 100,
  ) {}

  run(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      this.inFlight++;
      void this.settle(this.waiting.splice(0, this.maxBatch));
    }
  }

  private async settle(batch: typeof this.waiting): Promise<void> {
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
    if (outs) {
      batch.forEach((entry, index) => entry.resolve(outs[index] as Out));
    } else if (batch.length === 1) {
      batch[0]?.reject(failure);
    } else {
      for (const entry of batch) {
        this.runBatch([entry.input]).then(
          ([out]) => entry.resolve(out as Out),
          (alone: unknown) => entry.reject(alone),
        );
      }
    }
  }
}
