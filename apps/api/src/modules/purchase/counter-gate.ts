/**
 * Buyers of one event all update the same counter rows (its tickets and the event), and PostgreSQL
 * lets one transaction at a time hold them. When many wait there, every release wakes them all and
 * the machine spends its time on the herd: a flash sale measured 40 tickets a second with 14
 * transactions queued on the row lock. So within a process the transactions of one event take
 * their turn here first, and at most one per process waits in the database.
 *
 * This is only about speed: never overselling is still the conditional UPDATEs' job under the row
 * lock, which holds across processes; nothing breaks if a process has no gate at all.
 */
export interface CounterGate {
  /** Waits for the event's turn; call inside the transaction, just before its counters. */
  enter(eventId: string): Promise<void>;
  /** Ends the turn once the transaction has committed or rolled back; harmless if never entered. */
  leave(): void;
}

const tails = new Map<string, Promise<void>>();

export function counterGate(): CounterGate {
  let release: (() => void) | null = null;
  let entered = false;
  return {
    async enter(eventId: string) {
      if (entered) return;
      entered = true;
      const before = tails.get(eventId) ?? Promise.resolve();
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = before.then(() => turn);
      tails.set(eventId, tail);
      void tail.then(() => {
        if (tails.get(eventId) === tail) tails.delete(eventId);
      });
      await before;
    },
    leave() {
      release?.();
      release = null;
    },
  };
}

/** Runs `work` (a transaction that calls gate.enter() before its counters) and ends the turn after it. */
export async function withCounterGate<T>(work: (gate: CounterGate) => Promise<T>): Promise<T> {
  const gate = counterGate();
  try {
    return await work(gate);
  } finally {
    gate.leave();
  }
}
