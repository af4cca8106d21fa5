/** One caller's work waiting in a batch (core/batcher.ts). */
export interface Waiting<In, Out> {
  input: In;
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * Answers a batch once it has run: each caller its own result; after a failure, a lone caller the
 * batch's error, and each caller of a larger batch its own run alone, so a caller the database
 * refuses fails alone (docs/decisions/0011-door-batches.md).
 */
export function answerBatch<In, Out>(
  batch: Waiting<In, Out>[],
  outs: Out[] | undefined,
  failure: unknown,
  runAlone: (inputs: In[]) => Promise<Out[]>,
): void {
  if (outs) {
    batch.forEach((entry, index) => entry.resolve(outs[index] as Out));
  } else if (batch.length === 1) {
    batch[0]?.reject(failure);
  } else {
    for (const entry of batch) {
      runAlone([entry.input]).then(
        ([out]) => entry.resolve(out as Out),
        (alone: unknown) => entry.reject(alone),
      );
    }
  }
}
