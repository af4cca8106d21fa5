import { extrasQrText, extrasVoucherLabel, type TExtrasVoucher } from '@clubtix/contract';
import { Badge, Card, SimpleGrid, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QrImage } from './qr-image';

/** The extras bought with the tickets, one card per voucher, each redeemed once at the door. */
export function ExtrasVouchers({
  vouchers,
  headingOrder = 2,
}: {
  vouchers: TExtrasVoucher[];
  /** The level of its heading; each voucher's title is one below. */
  headingOrder?: 2 | 3 | 4 | 5;
}) {
  const { t } = useTranslation('buying');
  if (vouchers.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="your-extras" gap="sm">
      <Title order={headingOrder} fz="xl" id="your-extras">
        {t('vouchers.title')}
      </Title>
      <Text c="gray.7">{t('vouchers.intro')}</Text>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {vouchers.map((voucher) => {
          const label = extrasVoucherLabel(voucher);
          return (
            <Card component="li" key={voucher.id} withBorder radius="lg" padding="md" data-testid="extras-voucher">
              <Stack gap="xs" align="center" ta="center">
                <QrImage
                  content={extrasQrText(voucher.id, voucher.qrUuid)}
                  alt={t('vouchers.qrLabel', { label })}
                  size={220}
                  testId="extras-voucher-qr"
                  kind="voucher"
                />
                <Title
                  order={(headingOrder + 1) as TitleOrder}
                  fz="lg"
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid="extras-voucher-label"
                >
                  {label}
                </Title>
                {voucher.redeemedAt ? (
                  <Badge color="gray" variant="light">
                    {t('vouchers.redeemed')}
                  </Badge>
                ) : null}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
