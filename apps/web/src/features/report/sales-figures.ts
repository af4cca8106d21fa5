import { formatMoney, type TCurrency, type TEventSales, type TMoneyTotals } from '@clubtix/contract';
import { currentLanguage, currentLocale, i18n } from '../../i18n/i18n';

/**
 * A chart bar per day: `day` the day and month as the language writes them (07/12 in English, French
 * and Spanish, 07.12. in German), `gross` in major units for the axis.
 */
export interface SalesDayBar {
  day: string;
  gross: number;
  tickets: number;
}

export function salesDayBars(byDay: TEventSales['byDay']): SalesDayBar[] {
  // The dates are calendar days (yyyy-mm-dd): written in UTC so no zone moves them.
  const dayMonth = new Intl.DateTimeFormat(currentLocale(), { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  return byDay.map((entry) => {
    const [year, month, date] = entry.date.split('-').map(Number);
    const day = dayMonth.format(new Date(Date.UTC(year!, month! - 1, date)));
    return { day, gross: entry.gross / 100, tickets: entry.tickets };
  });
}

/** "42 of 100 places", or nothing when the event has no cap; callers load the `report` namespace. */
export function soldOfCapacity(sold: number, capacity: number | null | undefined): string | undefined {
  if (!capacity) return undefined;
  const locale = currentLocale();
  return i18n.t('report:figures.soldOfCapacity', {
    sold: sold.toLocaleString(locale),
    capacity: capacity.toLocaleString(locale),
  });
}

/** The share of gross given back, whole percent, for the refunded tile's hint. */
export function refundedShare(sales: Pick<TEventSales, 'gross' | 'refunded'>): number {
  return sales.gross === 0 ? 0 : Math.round((sales.refunded / sales.gross) * 100);
}

/** "£1,250 net (£1,300 taken, £50 refunded)" per currency, joined: a club may sell in several. */
export function totalsText(totals: TMoneyTotals[]): string {
  if (totals.length === 0) return i18n.t('report:figures.nothingSold');
  const language = currentLanguage();
  return totals
    .map((total) => {
      const money = (minor: number) => formatMoney(minor, total.currency as TCurrency, language);
      return i18n.t('report:figures.totals', {
        net: money(total.net),
        gross: money(total.gross),
        refunded: money(total.refunded),
      });
    })
    .join(' · ');
}
