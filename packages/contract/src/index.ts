import { attendeeEndpoints } from './attendees';
import { authEndpoints } from './auth';
import { boxOfficeEndpoints } from './boxoffice';
import { checkinEndpoints } from './checkin';
import { discountEndpoints } from './discounts';
import { clubEndpoints } from './clubs';
import { eventEndpoints } from './events';
import { extrasEndpoints } from './extras';
import { formEndpoints } from './forms';
import { orderEndpoints, paymentEndpoints } from './orders';
import { registrationEndpoints } from './registrations';
import { messageEndpoints } from './messages';
import { reportEndpoints } from './report';
import { sponsorshipPackageEndpoints } from './sponsorship-packages';
import { extrasPurchaseEndpoints, sponsorshipEndpoints } from './sponsorships';
import { ticketEndpoints } from './tickets';
import { systemEndpoints } from './system';
import { ticketDocumentEndpoints } from './ticket-documents';
import { appUserEndpoints } from './users';
import { waitlistEndpoints } from './waitlist';
import { seriesEndpoints } from './series';
import { passEndpoints } from './passes';

export * from './attendees';
export * from './auth';
export * from './banner-gradient';
export * from './boxoffice';
export * from './checkin';
export * from './clubs';
export * from './discounts';
export * from './door';
export * from './door-view';
export * from './endpoint';
export * from './events';
export * from './extras';
export * from './forms';
export * from './languages';
export * from './lists';
export * from './messages';
export * from './money';
export * from './qr';
export * from './orders';
export * from './registrations';
export * from './report';
export * from './sponsorship-packages';
export * from './sponsorships';
export * from './tickets';
export * from './rules';
export * from './save-request';
export * from './short-code';
export * from './system';
export * from './ticket-documents';
export * from './zoned-format';
export * from './users';
export * from './validation-text';
export * from './waitlist';
export * from './series';
export * from './passes';

/** The endpoint table of docs/product.md section 7: one source for server routes, client calls and OpenAPI. */
export const endpoints = {
  auth: authEndpoints,
  club: clubEndpoints,
  appUser: appUserEndpoints,
  event: eventEndpoints,
  ticket: ticketEndpoints,
  extras: extrasEndpoints,
  sponsorshipPackage: sponsorshipPackageEndpoints,
  form: formEndpoints,
  registration: { ...registrationEndpoints, ...ticketDocumentEndpoints },
  attendees: attendeeEndpoints,
  order: orderEndpoints,
  stripe: paymentEndpoints,
  checkin: checkinEndpoints,
  boxoffice: boxOfficeEndpoints,
  report: reportEndpoints,
  message: messageEndpoints,
  sponsorship: sponsorshipEndpoints,
  extrasPurchase: extrasPurchaseEndpoints,
  discount: discountEndpoints,
  waitlist: waitlistEndpoints,
  series: seriesEndpoints,
  pass: passEndpoints,
  system: systemEndpoints,
};

export const PRODUCT_NAME = 'ClubTix';
