import { scrypt } from 'node:crypto';
import type { TDoorHashing } from '@clubtix/contract';

/**
 * The door list's slow hashes (docs/decisions/0062-hashed-door-list.md): scrypt of each short code and
 * QR secret with the event's salt, made once and kept in door_hashes. The parameters are measured
 * in docs/performance.md ("The door list's hashes"): a phone checks a typed code in about 0.15 s,
 * while one valid code of a stolen 10,000-ticket list costs about 1.1e8 hashes, weeks of one core.
 */
export const DOOR_HASHING: Omit<TDoorHashing, 'salt'> = {
  algorithm: 'scrypt',
  N: 4096,
  r: 8,
  p: 1,
  keyLength: 16,
};

/** The salt with the parameters: what door_hashes' digests are made of (door-list.repo.ts). */
export const doorCacheKey = (salt: string, hashing: Omit<TDoorHashing, 'salt'> = DOOR_HASHING) =>
  `${salt}:${hashing.algorithm}:${hashing.N}:${hashing.r}:${hashing.p}:${hashing.keyLength}`;

/**
 * At most this many hashes at once in a process: each runs on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), and sign-ins' scrypt, file reads and compression need the rest.
 */
const AT_ONCE = 2;
/** Hashes kept in one insert, so a long first list keeps what it made even if it is stopped. */
const CHUNK = 100;

/** scrypt of one secret (door-list secrets are ASCII), base64url, on the thread pool. */
export function hashDoorSecret(secret: string, salt: string, hashing = DOOR_HASHING): Promise<string> {
  const { N, r, p, keyLength } = hashing;
  return new Promise((resolve, reject) => {
    scrypt(
      Buffer.from(secret, 'utf8'),
      Buffer.from(salt, 'base64url'),
      keyLength,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key.toString('base64url'))),
    );
  });
}

/** Runs at most `size` of the given tasks at once, in the order they came. */
export function limiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export interface SecretToHash {
  digest: string;
  secret: string;
}

export interface DoorHashingDeps {
  /** One slow hash. */
  hash: (secret: string) => Promise<string>;
  /** Keeps hashes made (door_hashes). */
  store: (hashes: { digest: string; hash: string }[]) => Promise<void>;
}

/**
 * Single-flight hashing: a secret already being hashed in this process (another door phone preparing
 * the same list) is waited for, not hashed again. Hashes are made through one limiter per process and
 * kept chunk by chunk; a flight leaves the map once its chunk is kept, so later calls read it from the
 * database instead.
 */
export class DoorHashFlights {
  private readonly flights = new Map<string, Promise<ReadonlyMap<string, string>>>();

  constructor(private readonly run: <T>(task: () => Promise<T>) => Promise<T> = limiter(AT_ONCE)) {}

  /** The hash of each secret (by digest), made here or by a flight already under way. */
  async hashAll(secrets: readonly SecretToHash[], deps: DoorHashingDeps): Promise<Map<string, string>> {
    const fresh = new Map<string, string>();
    for (const { digest, secret } of secrets) if (!this.flights.has(digest)) fresh.set(digest, secret);
    const started = [...fresh].map(([digest, secret]) => ({ digest, secret }));
    for (let start = 0; start < started.length; start += CHUNK) {
      const chunk = started.slice(start, start + CHUNK);
      const flight = this.fly(chunk, deps);
      for (const { digest } of chunk) this.flights.set(digest, flight);
    }
    const awaited = new Set(secrets.map(({ digest }) => this.flights.get(digest)!));
    const hashes = new Map<string, string>();
    for (const done of await Promise.all(awaited)) for (const [digest, hash] of done) hashes.set(digest, hash);
    return hashes;
  }

  private async fly(chunk: SecretToHash[], deps: DoorHashingDeps): Promise<ReadonlyMap<string, string>> {
    try {
      const made = await Promise.all(
        chunk.map(async ({ digest, secret }) => ({ digest, hash: await this.run(() => deps.hash(secret)) })),
      );
      await deps.store(made);
      return new Map(made.map(({ digest, hash }) => [digest, hash]));
    } finally {
      for (const { digest } of chunk) this.flights.delete(digest);
    }
  }
}
