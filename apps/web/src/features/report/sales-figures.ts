import { formatMoney, type TCurrency, type TEventSales, type TMoneyTotals } from '@clubtix/contract';
import { currentLanguage, currentLocale, i18n } from '../../i18n/i18n';

/** A chart bar per day: `day` as the page writes dates (dd/mm), `gross` in major units for the axis. */
export interface SalesDayBar {
  day: string;
  gross: number;
  tickets: number;
}

export function salesDayBars(byDay: TEventSales['byDay']): SalesDayBar[] {
  return byDay.map((entry) => {
    const [, month, date] = entry.date.split('-');
    return { day: `${date}/${month}`, gross: entry.gross / 100, tickets: entry.tickets };
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
