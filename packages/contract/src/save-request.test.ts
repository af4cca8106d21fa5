import { describe, expect, it } from 'vitest';
import { isImageUrl, ZMediaUrl, ZSaveClubRequest } from './clubs';
import { instantOfCurrentDate, ZCurrentDate, ZSaveEventRequest } from './events';
import { ZSaveExtrasRequest } from './extras';
import { ZSavePackageRequest } from './sponsorship-packages';
import { ZSaveTicketRequest } from './tickets';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('save requests: an id means update', () => {
  it('holds a create to the required fields, with the messages of those fields', () => {
    expect(messages(ZSaveTicketRequest.safeParse({}))).toEqual([
      'eventId: Id is required',
      'name: Name is required',
      expect.stringMatching(/^price: Price must be a number/),
    ]);
    expect(messages(ZSaveClubRequest.safeParse({ description: 'x' }))).toEqual(['name: Club name is required']);
  });

  it('reports a missing field beside a wrong one, so a form marks both', () => {
    expect(messages(ZSaveExtrasRequest.safeParse({ eventId: 'e', price: 'free' }))).toEqual([
      expect.stringMatching(/^price: /),
      'name: Name is required',
    ]);
  });

  it('lets an update carry only the id, and leaves out what it leaves out (no defaults)', () => {
    expect(ZSaveEventRequest.parse({ id: 'e1', title: ' Renamed ' })).toEqual({ id: 'e1', title: 'Renamed' });
    expect(ZSaveTicketRequest.parse({ id: 't1', price: 900 })).toEqual({ id: 't1', price: 900 });
    expect(ZSaveExtrasRequest.parse({ id: 'x1' })).toEqual({ id: 'x1' });
    expect(ZSavePackageRequest.parse({ id: 'p1', amount: 1 })).toEqual({ id: 'p1', amount: 1 });
  });

  it('keeps a field sent as null or blank as null: the update clears it', () => {
    expect(
      ZSaveEventRequest.parse({
        id: 'e1',
        capacity: null,
        bannerUrl: '',
        description: '  ',
        registrationOpensAt: null,
      }),
    ).toEqual({ id: 'e1', capacity: null, bannerUrl: null, description: null, registrationOpensAt: null });
    expect(ZSaveTicketRequest.parse({ id: 't1', quantity: null, salesEndAt: null })).toEqual({
      id: 't1',
      quantity: null,
      salesEndAt: null,
    });
  });

  it('still refuses a required field sent empty on update, and non-nullable fields sent as null', () => {
    expect(messages(ZSaveEventRequest.safeParse({ id: 'e1', title: ' ' }))).toEqual(['title: Title is required']);
    expect(messages(ZSaveEventRequest.safeParse({ id: 'e1', status: null }))[0]).toMatch(/^status: /);
    expect(messages(ZSaveTicketRequest.safeParse({ id: 't1', isActive: null }))[0]).toMatch(/^isActive: /);
  });

  it('checks the order of the instants a body carries', () => {
    const event = ZSaveEventRequest.safeParse({
      id: 'e1',
      startDate: '2031-01-02T00:00:00Z',
      endDate: '2031-01-01T00:00:00Z',
    });
    expect(messages(event)).toEqual(['endDate: End date must not be before the start date']);
    const ticket = ZSaveTicketRequest.safeParse({
      id: 't1',
      salesStartAt: '2031-01-02T00:00:00Z',
      salesEndAt: '2031-01-01T00:00:00Z',
    });
    expect(messages(ticket)).toEqual(['salesEndAt: Sales end must not be before sales start']);
  });
});

describe('image addresses', () => {
  it.each([
    '/api/media/0b8f3c1e-6a1d-4c43-9d55-0e6f2a1b7c9d.png',
    'https://cdn.example.org/banners/summer.jpg?w=1200',
    'http://example.org/logo.png',
    'HTTPS://EXAMPLE.ORG/A.PNG',
  ])('accepts %j', (url) => {
    expect(isImageUrl(url)).toBe(true);
    expect(ZMediaUrl.parse(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'ftp://example.org/a.png',
    'file:///etc/passwd',
    '//example.org/a.png',
    '/api/media/../../etc/passwd',
    '/somewhere/else.png',
    'https://',
    'https://exa mple.org/a.png',
    'https://example.org/a\tb.png',
    'https://example.org/a\u0001.png',
  ])('refuses %j', (url) => {
    expect(isImageUrl(url)).toBe(false);
    expect(ZMediaUrl.safeParse(url).success).toBe(false);
  });

  it('takes an empty string as no image, and at most 2048 characters', () => {
    expect(ZMediaUrl.parse('')).toBeNull();
    expect(ZMediaUrl.parse('   ')).toBeNull();
    expect(ZMediaUrl.parse(null)).toBeNull();
    expect(ZMediaUrl.parse(undefined)).toBeUndefined();
    const base = 'https://example.org/';
    expect(ZMediaUrl.safeParse(base + 'a'.repeat(2048 - base.length)).success).toBe(true);
    expect(ZMediaUrl.safeParse(base + 'a'.repeat(2049 - base.length)).success).toBe(false);
  });
});

describe('currentDate of getAllActiveEvents', () => {
  it.each([
    ['2030-01-01', '2030-01-01T00:00:00.000Z'],
    ['2030-01-01T12:30:00', '2030-01-01T12:30:00.000Z'],
    ['2030-01-01T12:30', '2030-01-01T12:30:00.000Z'],
    ['2030-01-01T12:30:00.250', '2030-01-01T12:30:00.250Z'],
    ['2030-01-01T12:30:00Z', '2030-01-01T12:30:00.000Z'],
    ['2030-01-01T12:30:00+02:00', '2030-01-01T10:30:00.000Z'],
    ['2030-01-01T00:30:00-05:00', '2030-01-01T05:30:00.000Z'],
  ])('reads %j as %j', (input, instant) => {
    expect(instantOfCurrentDate(input)).toBe(instant);
    expect(ZCurrentDate.parse(input)).toBe(instant);
  });

  it.each(['yesterday', '01/02/2030', '2030-13-01', '2030-01-01T25:00:00', '2030-01-01 12:00', ''])(
    'refuses %j',
    (input) => {
      expect(ZCurrentDate.safeParse(input).success).toBe(false);
    },
  );
});
