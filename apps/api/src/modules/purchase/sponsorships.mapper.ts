import { type TCurrency, type TSponsorship } from '@clubtix/contract';
import { type SponsorshipView } from './sponsorships.repo';

export function toSponsorshipDto(row: SponsorshipView): TSponsorship {
  return {
    id: row.id,
    eventId: row.eventId,
    packageId: row.packageId,
    packageName: row.packageName,
    name: row.name,
    email: row.email,
    message: row.message,
    logoUrl: row.logoUrl,
    showPublicly: row.showPublicly,
    amount: row.amount,
    currency: row.currency as TCurrency,
    paymentStatus: row.paymentStatus as TSponsorship['paymentStatus'],
    refundedAmount: row.refundedAmount,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}
