import type { TEventSales } from '@clubtix/contract';

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

/** "42 of 100 places", or nothing when the event has no cap. */
export function soldOfCapacity(sold: number, capacity: number | null | undefined): string | undefined {
  return capacity ? `${sold.toLocaleString('en-GB')} of ${capacity.toLocaleString('en-GB')} places` : undefined;
}

/** The share of gross given back, whole percent, for the refunded tile's hint. */
export function refundedShare(sales: Pick<TEventSales, 'gross' | 'refunded'>): number {
  return sales.gross === 0 ? 0 : Math.round((sales.refunded / sales.gross) * 100);
}
