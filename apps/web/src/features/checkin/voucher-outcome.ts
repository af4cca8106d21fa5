import type { TVoucherAtDoor } from '@clubtix/contract';
import { isApiError } from '../../api/api-error';
import { i18n } from '../../i18n/i18n';
import type { VoucherStatus } from './door-card';
import { DOOR_TEXT, formatDoorTime, isConnectionFailure, type DoorTone } from './scan-outcome';

/**
 * What the door says about an extras voucher (docs/product.md section 20: a redeemed one says when,
 * what and whose, and can be un-redeemed). Free of React so the wording is tested.
 */

export const VOUCHER_TEXT = {
  get redemptionUndone(): string {
    return i18n.t('checkin:voucher.redemptionUndone');
  },
  redeemedAt: (at: string): string => i18n.t('checkin:voucher.redeemedAt', { at }),
  get unredeemOffline(): string {
    return i18n.t('checkin:voucher.unredeemOffline');
  },
  get unredeemFailed(): string {
    return i18n.t('checkin:voucher.unredeemFailed');
  },
};

/** The big state line and colour of a voucher's card. */
export function voucherState(
  status: VoucherStatus,
  redeemedAt: string | null,
  timeZone: string,
  now?: Date,
): { state: string; tone: DoorTone } {
  switch (status) {
    case 'ready':
      return { state: DOOR_TEXT.readyToRedeem, tone: 'green' };
    case 'unredeemed':
      return { state: VOUCHER_TEXT.redemptionUndone, tone: 'green' };
    case 'justRedeemed':
      return { state: DOOR_TEXT.extraRedeemed, tone: 'green' };
    case 'redeemed':
      return {
        state: DOOR_TEXT.alreadyRedeemed(redeemedAt ? formatDoorTime(redeemedAt, timeZone, now) : ''),
        tone: 'orange',
      };
  }
}

/** Whether the card offers "Redeem" (not yet, or again after an un-redeem) or "Un-redeem". */
export const canRedeem = (status: VoucherStatus) => status === 'ready' || status === 'unredeemed';

/**
 * What a failed un-redeem means for the card: 409 NOT_REDEEMED says the voucher is not redeemed (someone undid
 * it meanwhile), which is what was asked; anything else leaves it redeemed, with a line saying why.
 */
export function unredeemFailure(error: unknown): { isUnredeemed: true } | { isUnredeemed: false; notice: string } {
  if (isApiError(error) && error.code === 'NOT_REDEEMED') return { isUnredeemed: true };
  if (isConnectionFailure(error)) return { isUnredeemed: false, notice: VOUCHER_TEXT.unredeemOffline };
  return { isUnredeemed: false, notice: isApiError(error) ? error.msg : VOUCHER_TEXT.unredeemFailed };
}

/** The voucher as it stands once un-redeemed, when the server's answer is not at hand. */
export const withoutRedemption = (purchase: TVoucherAtDoor): TVoucherAtDoor => ({ ...purchase, redeemedAt: null });
