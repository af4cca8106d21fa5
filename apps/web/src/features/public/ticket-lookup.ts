import { isApiError, networkErrorMessage } from '../../api/api-error';
import { i18n } from '../../i18n/i18n';

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
      title: i18n.t('public:lookup.sentTitle'),
      message: i18n.t('public:lookup.sent', { email }),
    };
  }
  return {
    kind: 'not-found',
    title: i18n.t('public:lookup.notFoundTitle'),
    message: i18n.t('public:lookup.notFound', { email }),
  };
}

/** A refusal (too many requests, an event no longer on sale, no connection) in the API's own words. */
export function lookupFailure(error: unknown): LookupOutcome {
  return {
    kind: 'failed',
    title: i18n.t(isApiError(error) && error.status === 429 ? 'public:lookup.tooMany' : 'public:lookup.failed'),
    message: isApiError(error) ? error.msg : networkErrorMessage(),
  };
}
