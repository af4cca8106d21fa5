import { Text } from '@mantine/core';
import { formatShortCode } from '@clubtix/contract';
import { useTranslation } from 'react-i18next';

/**
 * The ticket's short code under its QR (docs/product.md section 20): what door staff type in when
 * the QR will not scan, shown as XXXX-XXXX in a font where every character reads unambiguously.
 */
export function TicketCode({ shortCode, size = 'lg' }: { shortCode: string; size?: 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation('buying');
  return (
    <Text ff="monospace" fz={size} fw={700} style={{ letterSpacing: '0.12em' }} data-testid="ticket-code">
      <Text span fz="sm" fw={400} ff="text" c="gray.7" style={{ letterSpacing: 'normal' }}>
        {t('tickets.code')}{' '}
      </Text>
      {formatShortCode(shortCode)}
    </Text>
  );
}
