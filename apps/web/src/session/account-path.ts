/**
 * My account lives under /dashboard, not at /account: a one-segment path would hide the landing
 * page of an event whose slug is "account" (routes.tsx: static segments outrank `:slug`).
 */
export const ACCOUNT_PATH = '/dashboard/account';
