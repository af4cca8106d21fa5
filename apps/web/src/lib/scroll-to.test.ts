import { describe, expect, it } from 'vitest';
import { SCROLL_DURATION_MS, scrollPageTo, scrollPositionAt, type ScrollHost } from './scroll-to';

/** A page on a clock of its own: frames come every `frame` ms, as fast as the test drives them. */
function fakePage(startY: number, { frame = 16, reducedMotion = false } = {}) {
  let clock = 1_000;
  let y = startY;
  const positions: { at: number; y: number }[] = [];
  const pending: ((time: number) => void)[] = [];
  const host: ScrollHost = {
    now: () => clock,
    nextFrame: (step) => pending.push(step),
    scrollY: () => y,
    scrollTo: (top) => {
      y = top;
      positions.push({ at: clock - 1_000, y });
    },
    reducedMotion,
  };
  const run = () => {
    for (let guard = 0; pending.length > 0 && guard < 1_000; guard++) {
      clock += frame;
      pending.shift()!(clock);
    }
  };
  return { host, positions, run, y: () => y };
}

describe('scrolling to a field takes 300 ms (docs/product.md section 9)', () => {
  it('is 300 ms', () => {
    expect(SCROLL_DURATION_MS).toBe(300);
  });

  it('moves from start to end, slow at both ends', () => {
    expect(scrollPositionAt(0, 1000, 0)).toBe(0);
    expect(scrollPositionAt(0, 1000, 150)).toBe(500);
    expect(scrollPositionAt(0, 1000, 300)).toBe(1000);
    expect(scrollPositionAt(0, 1000, 900)).toBe(1000);
    expect(scrollPositionAt(0, 1000, 30)).toBeLessThan(100);
    expect(scrollPositionAt(1000, 0, 150)).toBe(500);
  });

  it('reaches the field at 300 ms, not before, through every frame in between', async () => {
    const page = fakePage(2000);
    const done = scrollPageTo(200, page.host);
    page.run();
    await done;
    expect(page.y()).toBe(200);
    const arrived = page.positions.find((position) => position.y === 200)!;
    expect(arrived.at).toBeGreaterThanOrEqual(300);
    expect(arrived.at).toBeLessThan(300 + 16);
    const before = page.positions.filter((position) => position.at < 300);
    expect(before.length).toBeGreaterThan(10);
    // Always towards the field, never past it.
    for (const [index, position] of before.entries()) {
      expect(position.y).toBeGreaterThan(200);
      if (index > 0) expect(position.y).toBeLessThanOrEqual(before[index - 1]!.y);
    }
  });

  it('takes 300 ms on a slow machine too: fewer frames, same time', async () => {
    const page = fakePage(0, { frame: 100 });
    const done = scrollPageTo(900, page.host);
    page.run();
    await done;
    expect(page.positions.map((position) => position.at)).toEqual([100, 200, 300]);
    expect(page.y()).toBe(900);
  });

  it('jumps at once for someone who asked for less motion', async () => {
    const page = fakePage(2000, { reducedMotion: true });
    await scrollPageTo(200, page.host);
    expect(page.positions).toEqual([{ at: 0, y: 200 }]);
  });
});
