import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

const ORIGIN = 'http://app.test';

describe('sameOriginPath: the one check every redirect passes', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/summer/success?p=1&q=two#top', '/summer/success?p=1&q=two#top'],
    ['/event/e-1/qr/r-1/a-1/q-1', '/event/e-1/qr/r-1/a-1/q-1'],
    ['http://app.test/signin?x=1#h', '/signin?x=1#h'],
    ['/a/./b/../c', '/a/c'],
    ['/a\\b', '/a/b'],
    ['  /pricing  ', '/pricing'],
    ['/pri\tcing\n', '/pricing'],
    ['/%E2%82%AC-tour', '/%E2%82%AC-tour'],
  ])('keeps %j as %j', (target, expected) => {
    expect(sameOriginPath(target, ORIGIN)).toBe(expected);
  });

  it.each([
    ['//evil.example', 'protocol-relative'],
    ['//evil.example/x?y=1', 'protocol-relative with a path'],
    ['/\\evil.example', 'slash and backslash'],
    ['\\\\evil.example', 'two backslashes'],
    ['\\/evil.example', 'backslash and slash'],
    ['/.//evil.example', 'a path the parser folds into //'],
    ['/./\\evil.example', 'a path the parser folds into /\\'],
    ['/x/..//evil.example', 'a path that climbs back into //'],
    ['//app.test/dashboard', 'protocol-relative to this very host'],
    ['https:evil.example', 'a scheme without slashes'],
    ['https:x', 'https:x'],
    ['https://evil.example/dashboard', 'another origin'],
    ['http://app.test:8080/dashboard', 'another port'],
    ['https://app.test/dashboard', 'another scheme'],
    ['javascript:alert(1)', 'javascript:'],
    ['JavaScript:alert(1)', 'javascript: in capitals'],
    [' javascript:alert(1)', 'javascript: after a space'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['/%2F%2Fevil.example', 'slashes spelt as escapes'],
    ['/%2f%2fevil.example', 'slashes spelt as lower-case escapes'],
    ['/%5Cevil.example', 'a backslash spelt as an escape'],
    ['/%5cevil.example', 'a backslash spelt as a lower-case escape'],
    ['%2F%2Fevil.example', 'a start spelt all in escapes'],
    ['/%252F%252Fevil.example', 'escapes escaped once more'],
    ['/\t/evil.example', 'a tab between the slashes'],
    ['/\n/evil.example', 'a line break between the slashes'],
    ['/\r\n/evil.example', 'CR LF between the slashes'],
    ['\t//evil.example', 'a tab before'],
    ['dashboard', 'relative text'],
    ['evil.example', 'a bare host'],
    ['', 'nothing'],
    ['   ', 'spaces'],
  ])('drops %j (%s)', (target) => {
    expect(sameOriginPath(target, ORIGIN)).toBeNull();
  });

  it('judges https:x against an https origin as text, not as a path of the site', () => {
    expect(sameOriginPath('https:x', 'https://app.test')).toBeNull();
  });
});
