import { describe, expect, it } from 'vitest';
import { whenRoomFrees } from './hold-limits';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute));

describe('whenRoomFrees', () => {
  const holds = [
    { expiresAt: at(1), tickets: 1 },
    { expiresAt: at(5), tickets: 3 },
    { expiresAt: at(9), tickets: 1 },
  ];

  it('answers the lapse after which the tickets left leave room', () => {
    // 5 held, at most 5: one more fits once the first (1 ticket) lapses.
    expect(whenRoomFrees(holds, (left) => left.tickets + 1 <= 5)).toEqual(at(1));
    // Three more fit only once the hold of 3 has lapsed too.
    expect(whenRoomFrees(holds, (left) => left.tickets + 3 <= 5)).toEqual(at(5));
    expect(whenRoomFrees(holds, (left) => left.tickets + 5 <= 5)).toEqual(at(9));
  });

  it('counts holds for the per-address limit', () => {
    // 3 holds, at most 3: one must lapse before one more fits; at most 2: two must.
    expect(whenRoomFrees(holds, (left) => left.holds < 3)).toEqual(at(1));
    expect(whenRoomFrees(holds, (left) => left.holds < 2)).toEqual(at(5));
  });

  it('answers null when nothing is held', () => {
    expect(whenRoomFrees([], () => false)).toBeNull();
  });
});
