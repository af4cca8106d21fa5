import type { TOrder } from '@clubtix/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearHold,
  completePurchase,
  holdFromAnswer,
  readHold,
  readPurchase,
  updateHold,
  writeHold,
} from './hold-storage';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const order: TOrder = {
  id: 'o1',
  eventId: 'e1',
  registrationId: 'r1',
  amount: 3000,
  currency: 'gbp',
  paymentStatus: 'pending',
  discountCode: null,
  subtotal: 3000,
  discountAmount: 0,
  gross: 3000,
  refundedAmount: 0,
  net: 3000,
  createdAt: '2026-05-01T12:00:00Z',
  paidAt: null,
  paymentMethod: null,
  items: [],
};
const hold = {
  eventId: 'e1',
  registrationId: 'r1',
  qrUuid: 'q1',
  email: 'ann@example.org',
  expiresAt: '2026-05-01T12:15:00Z',
  order,
  extras: [],
  detailsSaved: false,
  emailConfirmation: null,
};

describe('hold storage', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one hold per slug', () => {
    writeHold('jazz', hold);
    expect(readHold('jazz')).toEqual(hold);
    expect(readHold('blues')).toBeNull();
  });

  it('updates and clears', () => {
    writeHold('jazz', hold);
    expect(updateHold('jazz', { detailsSaved: true })?.detailsSaved).toBe(true);
    const link = { expiresAt: '2026-05-01T12:15:00Z' };
    expect(updateHold('jazz', { emailConfirmation: link })?.emailConfirmation).toEqual(link);
    expect(readHold('jazz')?.emailConfirmation).toEqual(link);
    expect(readHold('jazz')?.detailsSaved).toBe(true);
    clearHold('jazz');
    expect(readHold('jazz')).toBeNull();
    expect(updateHold('jazz', { detailsSaved: true })).toBeNull();
  });

  it('treats damaged or stale entries as absent', () => {
    storage.setItem('clubtix.hold.jazz', '{not json');
    expect(readHold('jazz')).toBeNull();
    storage.setItem('clubtix.hold.jazz', JSON.stringify({ registrationId: 'r1' }));
    expect(readHold('jazz')).toBeNull();
  });

  it('fills defaults missing from an older entry', () => {
    const { extras: _extras, detailsSaved: _saved, emailConfirmation: _link, ...older } = hold;
    storage.setItem('clubtix.hold.jazz', JSON.stringify(older));
    expect(readHold('jazz')).toMatchObject({ extras: [], detailsSaved: false, emailConfirmation: null });
  });

  it('replaces the hold by the purchase when it completes', () => {
    writeHold('jazz', hold);
    const purchase = { eventId: 'e1', registrationId: 'r1', qrUuid: 'q1', email: 'ann@example.org', order };
    completePurchase('jazz', purchase);
    expect(readHold('jazz')).toBeNull();
    expect(readPurchase('jazz')).toEqual(purchase);
  });

  it('works without storage at all', () => {
    vi.stubGlobal('sessionStorage', undefined);
    writeHold('jazz', hold);
    expect(readHold('jazz')).toBeNull();
  });
});

describe('holdFromAnswer', () => {
  it('makes a fresh hold of what initRegistration or a waiting-list claim answers', () => {
    const registration = {
      registrationId: 'r1',
      eventId: 'e1',
      email: 'a@example.com',
      qrUuid: 'secret',
      status: 'pending' as const,
      answers: {},
      expiresAt: '2026-05-01T12:15:00Z',
      confirmedAt: null,
      createdAt: '2026-05-01T12:00:00Z',
      attendees: [],
    };
    expect(holdFromAnswer({ registration, order })).toEqual({
      eventId: 'e1',
      registrationId: 'r1',
      qrUuid: 'secret',
      email: 'a@example.com',
      expiresAt: '2026-05-01T12:15:00Z',
      order,
      extras: [],
      detailsSaved: false,
      emailConfirmation: null,
    });
  });
});
