import { describe, expect, it } from 'vitest';
import { qrViewerPath } from './paths';

describe('qrViewerPath', () => {
  it('puts the four ids in the order of the route', () => {
    expect(qrViewerPath({ eventId: 'e1', registrationId: 'r1', attendeeId: 'a1', qrUuid: 'q1' })).toBe(
      '/event/e1/qr/r1/a1/q1',
    );
  });

  it('escapes what would break the path', () => {
    expect(qrViewerPath({ eventId: 'e/1', registrationId: 'r 1', attendeeId: 'a?1', qrUuid: 'q#1' })).toBe(
      '/event/e%2F1/qr/r%201/a%3F1/q%231',
    );
  });
});
