import { i18n } from '../../i18n/i18n';

/** Texts the not-found views of the public pages show (e2e tests rely on the English ones). */
export const eventNotAvailable = (): string => i18n.t('public:notAvailable.event');
export const clubNotAvailable = (): string => i18n.t('public:notAvailable.club');
export const seriesNotAvailable = (): string => i18n.t('public:notAvailable.series');
