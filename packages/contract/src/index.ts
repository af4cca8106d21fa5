import { authEndpoints } from './auth';
import { clubEndpoints } from './clubs';
import { systemEndpoints } from './system';
import { appUserEndpoints } from './users';

export * from './auth';
export * from './clubs';
export * from './endpoint';
export * from './rules';
export * from './system';
export * from './users';

/** The endpoint table of SPEC.md section 7: one source for server routes, client calls and OpenAPI. */
export const endpoints = {
  auth: authEndpoints,
  club: clubEndpoints,
  appUser: appUserEndpoints,
  system: systemEndpoints,
};

export const PRODUCT_NAME = 'ClubTix';
