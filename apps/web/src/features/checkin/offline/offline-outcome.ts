import { i18n } from '../../../i18n/i18n';
import { cancelledWords, DOOR_SUBJECT, formatDoorTime, type DoorTone } from '../scan-outcome';
import { OFFLINE_TEXT, type OfflineVerdict } from './offline-check';

/** What the door card and history say about an offline verdict, in the door's colours (docs/product.md section 9). */
export interface OfflineOutcome {
  who: string;
  title: string;
  detail: string | null;
  tone: DoorTone;
}

const nameOf = (attendee: { firstName: string; lastName: string }) =>
  `${attendee.firstName} ${attendee.lastName}`.trim() || DOOR_SUBJECT.unnamed;

export function offlineOutcome(verdict: OfflineVerdict, timeZone: string, now?: Date): OfflineOutcome {
  switch (verdict.kind) {
    case 'valid':
      return { who: nameOf(verdict.attendee), title: OFFLINE_TEXT.valid, detail: null, tone: 'green' };
    case 'alreadyIn': {
      const at = formatDoorTime(verdict.at, timeZone, now);
      const title = verdict.where === 'thisDevice' ? OFFLINE_TEXT.alreadyInHere(at) : OFFLINE_TEXT.alreadyInBefore(at);
      return { who: nameOf(verdict.attendee), title, detail: null, tone: 'orange' };
    }
    case 'cancelled':
      return { who: nameOf(verdict.attendee), ...cancelledWords(verdict.cancelled, timeZone, now), tone: 'red' };
    case 'forged':
      return {
        who: DOOR_SUBJECT.ticket,
        title: OFFLINE_TEXT.forged,
        // Whose ticket it pretends to be helps staff talk to the holder; the QR itself is not theirs.
        detail: i18n.t('checkin:offline.forgedDetail', { name: nameOf(verdict.attendee) }),
        tone: 'red',
      };
    case 'notOnList':
      return {
        who: DOOR_SUBJECT.ticket,
        title: OFFLINE_TEXT.notOnList,
        detail: OFFLINE_TEXT.notOnListDetail,
        tone: 'red',
      };
    case 'unknownCode':
      return {
        who: DOOR_SUBJECT.code,
        title: OFFLINE_TEXT.unknownCode,
        detail: OFFLINE_TEXT.unknownCodeDetail,
        tone: 'red',
      };
    case 'voucher':
      return { who: DOOR_SUBJECT.voucher, title: OFFLINE_TEXT.voucher, detail: null, tone: 'red' };
    case 'notOurCode':
      return { who: DOOR_SUBJECT.code, title: OFFLINE_TEXT.notOurCode, detail: null, tone: 'red' };
  }
}
