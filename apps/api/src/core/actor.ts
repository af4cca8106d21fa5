import type { TCurrentUser } from '@clubtix/contract';

/**
 * The signed-in user making a request, as the database had it at most ACTOR_TTL_MS ago (plugins/auth.ts), with the
 * session version its token was signed with (equal to the user's when it was read).
 */
export interface Actor extends TCurrentUser {
  sessionVersion: number;
  /** Door staff (role 5) only: the events they work; empty = every event of their club (docs/product.md section 20). */
  staffEventIds?: readonly string[];
}
