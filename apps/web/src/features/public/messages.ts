/** Texts the not-found views of the public pages show (e2e tests rely on them). */
export const EVENT_NOT_AVAILABLE = 'This event is not available';
export const CLUB_NOT_AVAILABLE = 'This club is not available';
