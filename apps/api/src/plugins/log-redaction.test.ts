import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

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

  it("takes out the QR viewer's qrUuid from its path, and reads odd queries without failing", () => {
    expect(redactUrl('/event/e-1/qr/r-1/a-1/secret-1')).toBe('/event/e-1/qr/r-1/a-1/[redacted]');
    expect(redactUrl('/event/e-1/qr/r-1/a-1/secret-1?print=1')).toBe('/event/e-1/qr/r-1/a-1/[redacted]?print=1');
    expect(redactUrl('/api/x?%E0%A4%A=1&QRUUID=s')).toBe('/api/x?%E0%A4%A=1&QRUUID=[redacted]');
    expect(redactUrl('/api/x?')).toBe('/api/x?');
  });
});
