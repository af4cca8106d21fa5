import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unixSocketDirFor } from './embedded';

describe('the embedded server’s Unix socket', () => {
  it('lives in the cluster’s own directory, named absolutely', () => {
    expect(unixSocketDirFor('/var/lib/clubtix/pg', 54321)).toBe('/var/lib/clubtix/pg');
    expect(unixSocketDirFor('data/pg', 54321)).toBe(path.resolve('data/pg'));
  });

  it('is left out (TCP only) where its path would be too long or the directory needs quoting', () => {
    const deep = `/srv/${'clubs/'.repeat(15)}pg`;
    expect(Buffer.byteLength(`${deep}/.s.PGSQL.54321`)).toBeGreaterThanOrEqual(108);
    expect(unixSocketDirFor(deep, 54321)).toBeNull();
    expect(unixSocketDirFor('/srv/my clubs/pg', 54321)).toBeNull();
    expect(unixSocketDirFor('/srv/a,b/pg', 54321)).toBeNull();
  });
});
