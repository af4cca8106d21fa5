import type { TDoorHashing } from '@clubtix/contract';
import type { scryptAsync } from '@noble/hashes/scrypt';

/**
 * The door list's slow hashes on the device (docs/decisions/0062-hashed-door-list.md): what is scanned
 * or typed is hashed with the list's own scrypt parameters and salt, and compared with the list. The
 * scrypt code (@noble/hashes, audited) is loaded only here, on the offline door's path: the buyer's
 * pages never fetch it, and the door's service worker keeps its chunk (door-service-worker.ts).
 */

/** One slow hash of a secret (`doorSecret` of packages/contract/src/door.ts), base64url. */
export type DoorHasher = (secret: string) => Promise<string>;

type Scrypt = typeof scryptAsync;

let loading: Promise<Scrypt> | null = null;

/** The scrypt chunk, fetched once; asked for as soon as a list is prepared, so it is there offline. */
export function loadScrypt(): Promise<Scrypt> {
  loading ??= import('@noble/hashes/scrypt').then(
    (module) => module.scryptAsync,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** A session's hashes, so a ticket scanned again (or a code typed again) is answered at once. */
const made = new Map<string, string>();
const MADE_KEPT = 5_000;

function bytesOfBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function base64UrlOf(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The hasher of one list: its salt and parameters. */
export function doorHasher(hashing: TDoorHashing): DoorHasher {
  const { salt, N, r, p, keyLength } = hashing;
  const saltBytes = bytesOfBase64Url(salt);
  const prefix = `${salt}:${N}:${r}:${p}:${keyLength}:`;
  return async (secret) => {
    const key = prefix + secret;
    const known = made.get(key);
    if (known !== undefined) return known;
    const scrypt = await loadScrypt();
    const hash = base64UrlOf(await scrypt(new TextEncoder().encode(secret), saltBytes, { N, r, p, dkLen: keyLength }));
    // The oldest first out: a Map keeps the order things were put in.
    if (made.size >= MADE_KEPT) made.delete(made.keys().next().value!);
    made.set(key, hash);
    return hash;
  };
}
