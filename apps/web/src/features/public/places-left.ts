import { i18n } from '../../i18n/i18n';

/** A package's places left as the event page says them: "2 places left", "Sold out", nothing without a limit. */
export function placesLeftText(placesLeft: number | null): string | null {
  if (placesLeft === null) return null;
  if (placesLeft <= 0) return i18n.t('public:offer.soldOut');
  return i18n.t('public:placesLeft', { count: placesLeft });
}
