import { extrasQrText, extrasVoucherLabel, type TExtrasVoucher } from '@clubtix/contract';
import { Alert, Badge, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQrImage } from '../api';

/**
 * A voucher's QR code: exactly extrasQrText's {"x","q"}, which the door's scanner redeems;
 * `data-qr-content` repeats it for tests and tools.
 */
function VoucherQr({ voucher, label, size }: { voucher: TExtrasVoucher; label: string; size: number }) {
  const content = extrasQrText(voucher.id, voucher.qrUuid);
  const image = useQrImage(content);
  if (image.isError) {
    return (
      <Alert color="red" title="The QR code could not be drawn">
        Open the voucher from the e-mail we sent you instead.
      </Alert>
    );
  }
  if (image.isPending) return <Skeleton width={size} height={size} maw="100%" />;
  return (
    <img
      src={image.data}
      alt={`QR code of the voucher for ${label}`}
      width={size}
      height={size}
      data-testid="extras-voucher-qr"
      data-qr-content={content}
      style={{ display: 'block', maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }}
    />
  );
}

/** The extras bought with the tickets, one card per voucher, each redeemed once at the door. */
export function ExtrasVouchers({ vouchers }: { vouchers: TExtrasVoucher[] }) {
  if (vouchers.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="your-extras" gap="sm">
      <Title order={2} fz="xl" id="your-extras">
        Your extras
      </Title>
      <Text c="gray.7">Show the QR code of each extra at the door to collect it: each is redeemed once.</Text>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {vouchers.map((voucher) => {
          const label = extrasVoucherLabel(voucher);
          return (
            <Card component="li" key={voucher.id} withBorder radius="lg" padding="md" data-testid="extras-voucher">
              <Stack gap="xs" align="center" ta="center">
                <VoucherQr voucher={voucher} label={label} size={220} />
                <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }} data-testid="extras-voucher-label">
                  {label}
                </Title>
                {voucher.redeemedAt ? (
                  <Badge color="gray" variant="light">
                    Redeemed
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
