/**
 * The door device's identity for the sync (docs/product.md section 20): a random id made once and
 * kept, and a name the volunteer may set ("Gate 2") that staff read in a duplicate.
 */

const DEVICE_ID_KEY = 'clubtix.door.deviceId';
const DEVICE_NAME_KEY = 'clubtix.door.deviceName';
/** The contract's limit on a device name (packages/contract/src/door.ts). */
export const DEVICE_NAME_MAX = 60;

export interface DoorDevice {
  deviceId: string;
  deviceName: string;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

// Without storage the id lives as long as the page: a sync still works, only under a new id.
let fallbackId: string | null = null;

export function readDevice(): DoorDevice {
  const store = storage();
  let deviceId = store?.getItem(DEVICE_ID_KEY) ?? fallbackId;
  if (!deviceId) {
    deviceId = globalThis.crypto.randomUUID();
    fallbackId = deviceId;
    try {
      store?.setItem(DEVICE_ID_KEY, deviceId);
    } catch {
      // Quota or privacy mode: the fallback id serves this page.
    }
  }
  return { deviceId, deviceName: store?.getItem(DEVICE_NAME_KEY) ?? '' };
}

export function saveDeviceName(name: string): string {
  const trimmed = name.trim().slice(0, DEVICE_NAME_MAX);
  try {
    if (trimmed) storage()?.setItem(DEVICE_NAME_KEY, trimmed);
    else storage()?.removeItem(DEVICE_NAME_KEY);
  } catch {
    // Not kept: the sync sends the id alone.
  }
  return trimmed;
}
