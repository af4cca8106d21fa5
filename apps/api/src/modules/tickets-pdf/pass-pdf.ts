import { DEFAULT_LANGUAGE, formatShortCode, isLanguage, passQrText } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { translatorFor } from '../../core/i18n';
import { findPassName, findPassPlaces, findPassPurchase } from '../purchase/pass-purchases.repo';
import { loadClubLogo } from './club-logo';
import { findPdfEvent } from './tickets-pdf.repo';
import { drawPdfForMail, pdfFilename, pdfWhen, type LoadedPdf } from './tickets-pdf.service';

/**
 * What a season pass's PDF shows (DECISIONS 18): one page, the holder's, with the pass's QR (read at
 * every event of its series) and short code, from its first date to its last; undefined when it no
 * longer admits anywhere (refunded, or the secret is not its own).
 */
async function loadPassPdf(deps: Deps, passPurchaseId: string, qrSecret: string): Promise<LoadedPdf | undefined> {
  const purchase = await findPassPurchase(deps.db, passPurchaseId);
  if (!purchase || purchase.qrSecret !== qrSecret || purchase.status !== 'confirmed') return undefined;
  const places = (await findPassPlaces(deps.db, purchase.id))
    .filter((place) => place.registration.status === 'confirmed')
    .sort((a, b) => a.event.startDate.getTime() - b.event.startDate.getTime());
  const first = places[0] && (await findPdfEvent(deps.db, places[0].event.id));
  if (!first) return undefined;
  const language = isLanguage(purchase.language) ? purchase.language : DEFAULT_LANGUAGE;
  const t = translatorFor(language);
  const name = await findPassName(deps.db, purchase.passId);
  const when = pdfWhen({ ...first, endDate: places.at(-1)!.event.endDate }, language);
  return {
    content: {
      language,
      clubName: first.clubName,
      logo: await loadClubLogo(deps.media, first.clubLogoUrl),
      eventTitle: name,
      when,
      where: null,
      tickets: [
        {
          name: `${purchase.firstName} ${purchase.lastName}`,
          ticketName: name,
          code: formatShortCode(purchase.shortCode),
          qrText: passQrText(purchase.id, purchase.qrSecret),
        },
      ],
      vouchers: [],
    },
    t,
    filename: pdfFilename(t, name),
  };
}

/** The pass's PDF for its mail, drawn as the mail is sent; null when there is nothing to attach. */
export async function renderPassPdfForMail(deps: Deps, passPurchaseId: string, qrSecret: string) {
  const loaded = await loadPassPdf(deps, passPurchaseId, qrSecret);
  return loaded ? drawPdfForMail(loaded) : null;
}
