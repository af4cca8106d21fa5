import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../../../test/call-endpoint';

describe('GET /api/health and the API surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers ok when the database answers', async () => {
    const response = await callEndpoint(t, endpoints.system.health);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ payload: { status: 'ok' } });
  });

  it('answers a JSON 404 naming an unknown call', async () => {
    const response = await call(t, 'GET', '/nothing/here');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND', msg: 'No such API call: GET /api/nothing/here' });
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/auth/signin', '/club/getAllClubs', '/appUser/save', '/health']),
    );
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const response = await call(t, 'POST', '/auth/signin', {
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_INPUT');
  });
});
