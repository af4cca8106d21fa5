import { endpoints, type TRegistration, type TTicketWallets } from '@clubtix/contract';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../../api/client';

interface WalletButtonsProps {
  registration: Pick<TRegistration, 'registrationId' | 'qrUuid'> & { wallets?: TTicketWallets };
  attendeeId: string;
  /** Whose ticket it is, for the buttons' accessible names when several tickets are on a page. */
  name: string;
}

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" for one attendee's ticket (docs/product.md
 * section 22, docs/decisions/0045-wallet-passes.md): each only when the server has that wallet
 * configured and the ticket is valid, so without configuration there is nothing to press.
 */
export function WalletButtons({ registration, attendeeId, name }: WalletButtonsProps) {
  const { t } = useTranslation('buying');
  const wallets = registration.wallets;
  const googleUrl = wallets?.googleSaveUrls?.[attendeeId];
  if (!wallets?.apple && !googleUrl) return null;
  const passUrl = buildUrl(endpoints.registration.getWalletPass.path, {
    registrationId: registration.registrationId,
    qrUuid: registration.qrUuid,
    attendeeId,
  });
  return (
    <Group gap="xs" justify="center" data-testid="wallet-buttons">
      {wallets?.apple ? (
        // A plain link: Safari hands an application/vnd.apple.pkpass answer to Wallet.
        <Button component="a" href={passUrl} color="dark" aria-label={t('wallet.addToAppleFor', { name })}>
          {t('wallet.addToApple')}
        </Button>
      ) : null}
      {googleUrl ? (
        <Button
          component="a"
          href={googleUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="outline"
          color="dark"
          aria-label={t('wallet.saveToGoogleFor', { name })}
        >
          {t('wallet.saveToGoogle')}
        </Button>
      ) : null}
    </Group>
  );
}
