import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';

/**
 * A QR code drawn from its exact content (a ticket's {"r","a","q"} or a voucher's {"x","q"}, made
 * by the contract's functions the door's scanner reads with); `data-qr-content` repeats it for tests
 * and tools. `kind` names the thing in the fallback text (a ticket, a voucher).
 */
export function QrImage({
  content,
  alt,
  size,
  testId,
  kind,
}: {
  content: string;
  alt: string;
  size: number;
  testId: string;
  kind: 'ticket' | 'voucher';
}) {
  const { t } = useTranslation('buying');
  const image = useQrImage(content);
  if (image.isError) {
    return (
      <Alert color="red" title={t('qr.failedTitle')}>
        {kind === 'voucher' ? t('qr.failedVoucher') : t('qr.failedTicket')}
      </Alert>
    );
  }
  if (image.isPending) return <Skeleton width={size} height={size} maw="100%" />;
  return (
    <img
      src={image.data}
      alt={alt}
      width={size}
      height={size}
      data-testid={testId}
      data-qr-content={content}
      style={{ display: 'block', maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }}
    />
  );
}

/**
 * A QR code drawn in the browser by the `qrcode` package, as an SVG data URL: sharp at any size on
 * screen and on paper. Medium error correction survives a cracked phone screen or a smudged print;
 * the quiet zone is the standard's four modules (as in the mailed PNG), so a screenshot cropped to
 * the image still scans.
 */
function useQrImage(content: string) {
  return useQuery({
    queryKey: ['qr-image', content],
    queryFn: async () => {
      const svg = await QRCode.toString(content, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
}
