import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { DOOR_TEXT } from './scan-outcome';
import { canRedeem, unredeemFailure, VOUCHER_TEXT, voucherState } from './voucher-outcome';
import { i18n, startI18n } from '../../i18n/i18n';

// The door's words in English, as the tests read them.
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('checkin');
});

// 21:30 on 30 June 2026 in London (BST, UTC+1).
const now = new Date('2026-06-30T20:30:00.000Z');
const zone = 'Europe/London';

describe('voucherState', () => {
  it('says ready, redeemed now, undone, or when it was redeemed on the event clock', () => {
    expect(voucherState('ready', null, zone, now)).toEqual({ state: DOOR_TEXT.readyToRedeem, tone: 'green' });
    expect(voucherState('justRedeemed', '2026-06-30T20:29:00.000Z', zone, now)).toEqual({
      state: DOOR_TEXT.extraRedeemed,
      tone: 'green',
    });
    expect(voucherState('unredeemed', null, zone, now)).toEqual({
      state: VOUCHER_TEXT.redemptionUndone,
      tone: 'green',
    });
    expect(voucherState('redeemed', '2026-06-30T18:05:00.000Z', zone, now)).toEqual({
      state: 'Already redeemed at 19:05',
      tone: 'orange',
    });
    expect(voucherState('redeemed', '2026-06-29T18:05:00.000Z', zone, now).state).toBe(
      'Already redeemed at 29/06/2026 19:05',
    );
  });

  it('offers Redeem before a redemption and after an un-redeem, Un-redeem otherwise', () => {
    expect(canRedeem('ready')).toBe(true);
    expect(canRedeem('unredeemed')).toBe(true);
    expect(canRedeem('justRedeemed')).toBe(false);
    expect(canRedeem('redeemed')).toBe(false);
  });
});

describe('unredeemFailure', () => {
  it('reads 409 NOT_REDEEMED as not redeemed any more: what was asked', () => {
    expect(unredeemFailure(new ApiError(409, 'NOT_REDEEMED', 'This voucher is not redeemed'))).toEqual({
      isUnredeemed: true,
    });
    expect(unredeemFailure(new ApiError(409, 'CONFLICT', 'Changed meanwhile'))).toEqual({
      isUnredeemed: false,
      notice: 'Changed meanwhile',
    });
  });

  it('keeps the voucher redeemed with a reason otherwise', () => {
    expect(unredeemFailure(new ApiError(0, 'UNAVAILABLE', 'offline'))).toEqual({
      isUnredeemed: false,
      notice: VOUCHER_TEXT.unredeemOffline,
    });
    expect(unredeemFailure(new DOMException('slow', 'TimeoutError'))).toEqual({
      isUnredeemed: false,
      notice: VOUCHER_TEXT.unredeemOffline,
    });
    expect(unredeemFailure(new ApiError(404, 'NOT_FOUND', 'Extras voucher not found or not paid'))).toEqual({
      isUnredeemed: false,
      notice: 'Extras voucher not found or not paid',
    });
    expect(unredeemFailure(new Error('boom'))).toEqual({ isUnredeemed: false, notice: VOUCHER_TEXT.unredeemFailed });
  });
});
