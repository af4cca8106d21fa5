import { isApiError, NETWORK_ERROR_MESSAGE } from '../../api/api-error';

/** What the "Lost your tickets?" form tells the visitor after asking. */
export interface LookupOutcome {
  kind: 'sent' | 'not-found' | 'failed';
  title: string;
  message: string;
}

/**
 * The answer of getRegistrationByEmail in the visitor's words. The API tells only whether a
 * confirmed booking exists for the address (docs/product.md section 17), so that is all it can say.
 */
export function lookupOutcome(result: { found: boolean }, email: string): LookupOutcome {
  if (result.found) {
    return {
      kind: 'sent',
      title: 'Tickets sent',
      message: `We've sent your tickets to ${email}. If they are not in your inbox in a few minutes, look in your spam folder.`,
    };
  }
  return {
    kind: 'not-found',
    title: 'No booking found',
    message: `There is no confirmed booking for ${email} for this event. Check that this is the address you booked with.`,
  };
}

/** A refusal (too many requests, an event no longer on sale, no connection) in the API's own words. */
export function lookupFailure(error: unknown): LookupOutcome {
  return {
    kind: 'failed',
    title: isApiError(error) && error.status === 429 ? 'Please try again later' : 'Your tickets were not sent',
    message: isApiError(error) ? error.msg : NETWORK_ERROR_MESSAGE,
  };
}
