import { describe, expect, it } from 'vitest';
import { counterGate, withCounterGate } from './counter-gate';

describe('counterGate', () => {
  it('lets the transactions of one event in one at a time, in the order they came', async () => {
    const order: string[] = [];
    const first = counterGate();
    const second = counterGate();
    await first.enter('event-1');
    const secondIn = second.enter('event-1').then(() => order.push('second in'));
    await Promise.resolve();
    order.push('first leaves');
    first.leave();
    await secondIn;
    second.leave();
    expect(order).toEqual(['first leaves', 'second in']);
  });

  it('does not hold up another event', async () => {
    const one = counterGate();
    await one.enter('event-1');
    const other = counterGate();
    await other.enter('event-2'); // would never resolve if events shared a turn
    other.leave();
    one.leave();
  });

  it('ends the turn when the work fails, and a gate never entered leaves harmlessly', async () => {
    await expect(
      withCounterGate(async (gate) => {
        await gate.enter('event-3');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const next = counterGate();
    await next.enter('event-3');
    next.leave();
    counterGate().leave();
  });
});
