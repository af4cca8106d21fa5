import type { TCurrentUser } from '@clubtix/contract';

/**
 * The signed-in user making a request, as the database had it at most ACTOR_TTL_MS ago (plugins/auth.ts), with the
 * session version its token was signed with (equal to the user's when it was read).
 */
export interface Actor extends TCurrentUser {
  sessionVersion: number;
  /**
   * Door staff (role 5) only: every event of their club, or exactly `staffEventIds` (none listed: no
   * event), docs/decisions/0061-staff-scope.md.
   */
  staffAllEvents?: boolean;
  /** Door staff (role 5) only: the events they work when `staffAllEvents` is false. */
  staffEventIds?: readonly string[];
}
