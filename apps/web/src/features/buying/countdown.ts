/**
 * The time left on a hold as a clock reads it: "14:05", "0:09", or "1:02:03" past an hour
 * (RESERVATION_MINUTES may be set up to a day). Seconds are rounded up, so the clock shows 0:00
 * only once the hold has really lapsed, never a second early.
 */
export function formatRemaining(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}

/** Milliseconds from now until an ISO instant; null when there is no deadline (or it is unreadable). */
export function remainingMs(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return end - now;
}
