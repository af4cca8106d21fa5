import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorCode } from '@clubtix/contract';
import { call, createClubWithAdmin, createSudo, createTestApp, expectError, type TestApp } from '../../test/helpers';

/**
 * DECISIONS.md section 3: bad input answers 4xx with `{ msg, code }` naming the field, never a 5xx
 * and never the server's insides. Wrong types, arrays, nulls, missing or oversized bodies, bodies
 * on GET calls, NUL characters, for every call of the foundation.
 */
type Role = 'sudo' | 'admin';
interface Case {
  title: string;
  method: 'GET' | 'POST';
  path: string;
  as?: Role;
  query?: Record<string, string | string[]>;
  body?: unknown;
  contentType?: string;
  status: number;
  code: TErrorCode;
  /** The field msg starts with, when the mistake is in one field. */
  field?: string;
}

const json = 'application/json';
const huge = 'x'.repeat(200_000);

/** Rows of [what is wrong, JSON body, the field the 400 must name]. */
const posts = (path: string, as: Role | undefined, rows: [string, unknown, string][]): Case[] =>
  rows.map(([title, body, field]) => ({
    title: `POST ${path} ${title}`,
    method: 'POST',
    path,
    as,
    body,
    field,
    status: 400,
    code: 'BAD_INPUT',
  }));

/** Rows of [what is wrong, query, JSON body sent along, the field the 400 must name]. */
const gets = (
  path: string,
  as: Role | undefined,
  rows: [string, Record<string, string | string[]> | undefined, unknown, string][],
): Case[] =>
  rows.map(([title, query, body, field]) => ({
    title: `GET ${path} ${title}`,
    method: 'GET',
    path,
    as,
    query,
    body,
    field,
    status: 400,
    code: 'BAD_INPUT',
  }));

/** A raw body with its content type, answered with the given status and code. */
const raw = (
  title: string,
  body: string,
  contentType: string,
  status = 400,
  code: TErrorCode = 'BAD_INPUT',
  field?: string,
): Case => ({
  title: `POST /auth/signin ${title}`,
  method: 'POST',
  path: '/auth/signin',
  body,
  contentType,
  status,
  code,
  field,
});

const clubBody = { name: 'Club' };
const userBody = { name: 'Bo', email: 'bo@example.org', password: 'p4ssword', clubId: 'c' };

const cases: Case[] = [
  ...posts('/auth/signin', undefined, [
    ['without a body', undefined, 'body'],
    ['with an array body', [], 'body'],
    ['with numbers', { email: 1, password: 2 }, 'email'],
    ['with arrays', { email: ['a@b.c'], password: ['x'] }, 'email'],
    ['with objects', { email: {}, password: {} }, 'email'],
    ['with nulls', { email: null, password: null }, 'email'],
    ['with a huge e-mail', { email: `${huge}@example.org`, password: 'p4ssword' }, 'email'],
    ['with a huge password', { email: 'a@b.c', password: huge }, 'password'],
    ['with a NUL in the e-mail', { email: 'ann\u0000@example.org', password: 'p4ssword' }, 'email'],
  ]),
  raw('with a null body', 'null', json, 400, 'BAD_INPUT', 'body'),
  raw('with a number body', '42', json, 400, 'BAD_INPUT', 'body'),
  raw('with broken JSON', '{"email":', json),
  raw('with an empty JSON body', '', json),
  raw('with __proto__', '{"__proto__":{"admin":true},"email":"a@b.c","password":"x"}', json),
  raw('as plain text', 'email=a@b.c', 'text/plain', 400, 'BAD_INPUT', 'body'),
  raw('as a form', 'email=a@b.c', 'application/x-www-form-urlencoded', 415),
  raw('with a 2 MB body', JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000) }), json, 413, 'TOO_LARGE'),
  ...posts('/auth/register', undefined, [
    ['with numbers', { name: 1, email: 2, password: 3, clubName: 4 }, 'name'],
    [
      'with a NUL in the club name',
      { name: 'Ann', email: 'nul@example.org', password: 'p4ssword', clubName: 'Club\u0000' },
      'clubName',
    ],
    ['with a huge name', { name: huge, email: 'big@example.org', password: 'p4ssword', clubName: 'Club' }, 'name'],
  ]),
  ...posts('/club/save', 'sudo', [
    ['without a body', undefined, 'body'],
    ['with an array name', { name: ['Club'] }, 'name'],
    ['with a number id', { ...clubBody, id: 7 }, 'id'],
    ['with a huge id', { ...clubBody, id: huge }, 'id'],
    ['with a number website', { ...clubBody, website: 5 }, 'website'],
    ['with an object logo', { ...clubBody, logoUrl: {} }, 'logoUrl'],
    ['with a number description', { ...clubBody, description: 5 }, 'description'],
    ['with a NUL in the description', { ...clubBody, description: 'a\u0000b' }, 'description'],
  ]),
  ...gets('/club/getClub', undefined, [
    ['without a query', undefined, undefined, 'clubId'],
    ['with the id in a JSON body', undefined, { clubId: 'x' }, 'clubId'],
    ['with two ids', { clubId: ['a', 'b'] }, undefined, 'clubId'],
    ['with a huge id', { clubId: 'x'.repeat(5000) }, undefined, 'clubId'],
    ['with a NUL in the id', { clubId: 'a\u0000' }, undefined, 'clubId'],
  ]),
  ...gets('/club/removeClub', 'sudo', [
    ['with the id in a JSON body', undefined, { clubId: 'x' }, 'clubId'],
    ['with a NUL in the id', { clubId: '\u0000' }, undefined, 'clubId'],
  ]),
  ...gets('/appUser/getAppUsers', 'admin', [
    ['with the id in a JSON body', undefined, { clubId: 'x' }, 'clubId'],
    ['with two ids', { clubId: ['a', 'b'] }, undefined, 'clubId'],
  ]),
  ...gets('/appUser/deleteAppUser', 'admin', [
    ['without an id', undefined, undefined, 'id'],
    ['with a blank id', { id: '   ' }, undefined, 'id'],
    ['with a NUL in the id', { id: 'u\u0000' }, undefined, 'id'],
  ]),
  ...posts('/appUser/save', 'sudo', [
    ['with a number club id', { ...userBody, clubId: 5 }, 'clubId'],
    ['with a number password', { ...userBody, password: 12345678 }, 'password'],
    ['with an array e-mail', { ...userBody, email: ['bo@example.org'] }, 'email'],
    ['with an object id', { ...userBody, id: {} }, 'id'],
    ['with a NUL in the name', { ...userBody, name: 'B\u0000o' }, 'name'],
  ]),
];

describe('bad input never gets a 5xx', () => {
  let t: TestApp;
  const tokens: Record<'sudo' | 'admin', string> = { sudo: '', admin: '' };
  beforeAll(async () => {
    t = await createTestApp();
    tokens.sudo = (await createSudo(t)).token;
    tokens.admin = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => t.close());

  it.each(cases.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
    const response = await call(t, c.method, c.path, {
      token: c.as ? tokens[c.as] : undefined,
      query: c.query,
      body: c.body,
      headers: c.contentType ? { 'content-type': c.contentType } : undefined,
    });
    expectError(response, c.status, c.code);
    if (c.field) {
      expect(response.body.msg).toMatch(new RegExp(`^${c.field}: `));
      expect(response.body.errors?.[0]?.path).toBe(c.field);
    }
    expect(response.text.length).toBeLessThan(2000);
  });

  it('still works after all that', async () => {
    expect((await call(t, 'GET', '/health')).status).toBe(200);
    expect((await call(t, 'GET', '/club/getAllClubs', { token: tokens.sudo })).status).toBe(200);
  });
});
