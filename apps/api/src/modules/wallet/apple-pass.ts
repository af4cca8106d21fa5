import { onFirstUse } from '../../core/on-first-use';
import type { ApplePassSettings } from '../../wallet-config';
import { passImages } from './pass-images';
import { ticketTexts } from './ticket-texts';
import type { WalletTicket } from './wallet-ticket';

const loadPassKit = onFirstUse(() => import('passkit-generator'));

export const PKPASS_TYPE = 'application/vnd.apple.pkpass';

/** The brand's purple, white text and the mark's amber for labels (apps/web/src/theme.ts). */
const COLOURS = {
  backgroundColor: 'rgb(125, 40, 220)',
  foregroundColor: 'rgb(255, 255, 255)',
  labelColor: 'rgb(255, 214, 140)',
};

/** pass.json of one attendee's event ticket (Apple's PassKit format, version 1). */
function passJson(settings: ApplePassSettings, ticket: WalletTicket) {
  const { t, description, when, holder, code } = ticketTexts(ticket);
  const { event } = ticket;
  const place = [event.venue, event.address].filter(Boolean).join(', ');
  return {
    formatVersion: 1,
    passTypeIdentifier: settings.passTypeId,
    teamIdentifier: settings.teamId,
    // One pass per attendee: a second download replaces the first in the wallet instead of adding one.
    serialNumber: ticket.attendeeId,
    organizationName: ticket.clubName,
    description,
    logoText: ticket.clubName,
    ...COLOURS,
    relevantDate: event.startDate.toISOString(),
    barcodes: [
      // The same text the mail's and the viewer's QR hold: the door reads it as it reads those.
      { format: 'PKBarcodeFormatQR', message: ticket.qrText, messageEncoding: 'iso-8859-1', altText: code },
    ],
    eventTicket: {
      primaryFields: [{ key: 'event', label: t('wallet.eventLabel'), value: event.title }],
      secondaryFields: [
        { key: 'attendee', label: t('wallet.attendeeLabel'), value: holder },
        { key: 'ticket', label: t('wallet.ticketLabel'), value: ticket.ticketName },
      ],
      auxiliaryFields: [
        { key: 'when', label: t('wallet.whenLabel'), value: when },
        ...(event.venue ? [{ key: 'venue', label: t('wallet.venueLabel'), value: event.venue }] : []),
      ],
      backFields: [
        { key: 'code', label: t('wallet.codeLabel'), value: code },
        ...(place ? [{ key: 'place', label: t('wallet.venueLabel'), value: place }] : []),
        { key: 'organiser', label: t('wallet.organiserLabel'), value: ticket.clubName },
        { key: 'door', label: t('wallet.doorLabel'), value: t('wallet.doorNote') },
      ],
    },
  };
}

/** A signed .pkpass of one attendee's ticket: pass.json, the images, manifest.json and its PKCS #7 signature. */
export async function buildApplePass(settings: ApplePassSettings, ticket: WalletTicket): Promise<Buffer> {
  const { PKPass } = await loadPassKit();
  const pass = new PKPass(
    { ...(await passImages()), 'pass.json': Buffer.from(JSON.stringify(passJson(settings, ticket))) },
    {
      signerCert: settings.cert,
      signerKey: settings.key,
      ...(settings.keyPassphrase === undefined ? {} : { signerKeyPassphrase: settings.keyPassphrase }),
      wwdr: settings.wwdr,
    },
  );
  return pass.getAsBuffer();
}
