import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DOOR_HASHING, DoorHashFlights, hashDoorSecret, limiter, type DoorHashingDeps } from './door-hashes';

/** A hash that counts its calls and finishes when told to, so a test sees what runs at once. */
function countingDeps() {
  const calls: string[] = [];
  const stored: { digest: string; hash: string }[][] = [];
  let running = 0;
  let mostAtOnce = 0;
  const deps: DoorHashingDeps = {
    hash: async (secret) => {
      calls.push(secret);
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return `h(${secret})`;
    },
    store: (hashes) => {
      stored.push(hashes);
      return Promise.resolve();
    },
  };
  return { deps, calls, stored, mostAtOnce: () => mostAtOnce };
}

const secrets = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ digest: `d${from + i}`, secret: `c:CODE${from + i}` }));

describe("the door list's slow hashes (docs/decisions/0062-hashed-door-list.md)", () => {
  it('hashes with scrypt and the announced parameters, base64url', async () => {
    const salt = Buffer.from('0123456789abcdef').toString('base64url');
    const { N, r, p, keyLength } = DOOR_HASHING;
    const expected = scryptSync('c:ABCD2345', Buffer.from(salt, 'base64url'), keyLength, {
      N,
      r,
      p,
      maxmem: 256 * N * r,
    });
    expect(await hashDoorSecret('c:ABCD2345', salt)).toBe(expected.toString('base64url'));
  });

  it('makes each hash once when several devices prepare the same list at once', async () => {
    const flights = new DoorHashFlights(limiter(2));
    const { deps, calls, stored, mostAtOnce } = countingDeps();
    const [a, b, c] = await Promise.all([
      flights.hashAll(secrets(250), deps),
      flights.hashAll(secrets(250), deps),
      // A third device whose list also holds tickets bought since: only those are new.
      flights.hashAll(secrets(260), deps),
    ]);
    expect(calls).toHaveLength(260);
    expect(new Set(calls).size).toBe(260);
    expect(a.get('d7')).toBe('h(c:CODE7)');
    expect(b).toEqual(a);
    expect(c.size).toBe(260);
    // Kept chunk by chunk (100 at most), each hash once; never more than two hashes at once.
    expect(stored.map((chunk) => chunk.length)).toEqual([100, 100, 50, 10]);
    expect(mostAtOnce()).toBe(2);
  });

  it('hashes again what a failed flight left, on the next call', async () => {
    const flights = new DoorHashFlights(limiter(2));
    const { deps, calls } = countingDeps();
    const failing: DoorHashingDeps = { ...deps, store: () => Promise.reject(new Error('database gone')) };
    await expect(flights.hashAll(secrets(3), failing)).rejects.toThrow('database gone');
    expect((await flights.hashAll(secrets(3), deps)).size).toBe(3);
    expect(calls).toHaveLength(6);
  });
});
