import type { Dispatch, SetStateAction } from 'react';
import type { Outcome, ShownCard } from './door-card';
import type { OfflineVerdict } from './offline/offline-check';
import { offlineOutcome } from './offline/offline-outcome';
import { OFFLINE_TEXT } from './offline/offline-check';
import type { OfflineDoor } from './offline/use-offline-door';
import { DOOR_TEXT } from './scan-outcome';

interface OfflineScanOptions {
  offline: OfflineDoor;
  autoCheckIn: boolean;
  timeZone: string;
  setCard: Dispatch<SetStateAction<ShownCard | null>>;
  log: (outcome: Outcome) => void;
  /** Whether this scan is still the newest (a later one must not be replaced by this answer). */
  isLatest: (scanNumber: number) => boolean;
}

/**
 * Scans answered from the list kept on the device (docs/product.md section 20): checked, admitted at
 * once with "Check in on scan" (else on a tap) and kept for the sync; an admission not yet synced
 * can be undone.
 */
export function useOfflineScan({ offline, autoCheckIn, timeZone, setCard, log, isLatest }: OfflineScanOptions) {
  /** Whether a scan should be answered from the list: one is prepared and the browser says offline. */
  const isOfflineFirst = () => Boolean(offline.prepared) && !offline.online;

  const admit = async (verdict: Extract<OfflineVerdict, { kind: 'valid' }>) => {
    const { admission, isNew } = await offline.admit(verdict.attendee);
    if (!isNew) {
      // Another tab of this device let them in a moment ago: that admission is the one kept.
      const already: OfflineVerdict = {
        kind: 'alreadyIn',
        attendee: verdict.attendee,
        at: admission.at,
        where: 'thisDevice',
      };
      setCard({ kind: 'offline', verdict: already, admission: null });
      const outcome = offlineOutcome(already, timeZone);
      log({ who: outcome.who, result: outcome.title, tone: outcome.tone });
      return;
    }
    setCard({ kind: 'offline', verdict, admission });
    log({ who: admission.name, result: OFFLINE_TEXT.admitted, tone: 'green' });
  };

  /** Answers from the list; false when no list is prepared, so the caller does what it did before. */
  const scanOffline = async (text: string, scanNumber: number): Promise<boolean> => {
    const verdict = await offline.check(text);
    if (!verdict) return false;
    if (!isLatest(scanNumber)) return true;
    if (verdict.kind === 'valid' && autoCheckIn) {
      await admit(verdict);
      return true;
    }
    setCard({ kind: 'offline', verdict, admission: null });
    const outcome = offlineOutcome(verdict, timeZone);
    log({ who: outcome.who, result: outcome.title, tone: outcome.tone });
    return true;
  };

  const undoOffline = async (card: Extract<ShownCard, { kind: 'offline' }>) => {
    if (!card.admission) return;
    const removed = await offline.undoAdmission(card.admission.id);
    if (removed) {
      setCard({ ...card, admission: null });
      log({ who: card.admission.name, result: DOOR_TEXT.checkinUndone, tone: 'orange' });
    }
  };

  return { isOfflineFirst, scanOffline, admitOffline: admit, undoOffline };
}
