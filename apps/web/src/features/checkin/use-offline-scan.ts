import type { ShownCard } from './door-card';
import type { DoorEvent } from './door-state';
import type { OfflineVerdict } from './offline/offline-check';
import type { OfflineDoor } from './offline/use-offline-door';

interface OfflineScanOptions {
  offline: OfflineDoor;
  autoCheckIn: boolean;
  /** What the door shows follows from these events (door-state.ts). */
  dispatch: (event: DoorEvent) => void;
  /** Whether this scan is still the newest (a later one must not be replaced by this answer). */
  isLatest: (scanNumber: number) => boolean;
}

/**
 * Scans answered from the list kept on the device (docs/product.md section 20): checked, admitted at
 * once with "Check in on scan" (else on a tap) and kept for the sync; an admission not yet synced
 * can be undone.
 */
export function useOfflineScan({ offline, autoCheckIn, dispatch, isLatest }: OfflineScanOptions) {
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
      dispatch({ type: 'offlineVerdict', verdict: already, admission: null });
      return;
    }
    dispatch({ type: 'offlineVerdict', verdict, admission });
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
    dispatch({ type: 'offlineVerdict', verdict, admission: null });
    return true;
  };

  const undoOffline = async (card: Extract<ShownCard, { kind: 'offline' }>) => {
    const { admission } = card;
    if (!admission) return;
    if (await offline.undoAdmission(admission.id)) dispatch({ type: 'offlineUndone', card: { ...card, admission } });
  };

  return { isOfflineFirst, scanOffline, admitOffline: admit, undoOffline };
}
