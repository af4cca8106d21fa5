import { Button, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readQrFromFile } from '../qr-decoder';

/**
 * A photo of the QR code, for phones whose browser cannot stream the camera (no HTTPS, an old
 * browser) and for codes on a screen the camera will not focus on.
 */
export function PhotoScanButton({
  onCode,
  onNoCode,
}: {
  onCode: (text: string) => void;
  onNoCode: (message: string) => void;
}) {
  const { t } = useTranslation('checkin');
  const [isReading, setIsReading] = useState(false);
  return (
    // Its words may take two lines in a long language (Thai, French) rather than be cut off.
    <Button
      component="label"
      size="lg"
      variant="light"
      fullWidth
      loading={isReading}
      h="auto"
      mih={50}
      py={6}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 } }}
    >
      {t('photo.scan')}
      <VisuallyHidden>
        <input
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            // Cleared at once so the same photo can be chosen again.
            input.value = '';
            if (!file) return;
            setIsReading(true);
            readQrFromFile(file)
              .then((text) => (text ? onCode(text) : onNoCode(t('photo.noCode'))))
              .catch(() => onNoCode(t('photo.unreadable')))
              .finally(() => setIsReading(false));
          }}
        />
      </VisuallyHidden>
    </Button>
  );
}
