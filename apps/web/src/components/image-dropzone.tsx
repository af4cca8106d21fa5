import { MAX_IMAGE_BYTES } from '@clubtix/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { uploadImage } from '../api/client';
import { i18n } from '../i18n/i18n';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png'];
const MAX_MEGABYTES = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));
// The contract's IMAGE_TYPE_MESSAGE, in the language shown.
const imageTypeMessage = () => i18n.t('common:image.type');

function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('file-invalid-type')) return imageTypeMessage();
  if (codes.includes('file-too-large')) return i18n.t('common:image.size', { megabytes: MAX_MEGABYTES });
  if (codes.includes('too-many-files')) return i18n.t('common:image.one');
  // The type, and whatever else the picker refuses (its own messages are English only).
  return imageTypeMessage();
}

/** A screen without a fine pointer (touch), or one as narrow as a phone. */
export const TOUCH_OR_NARROW = '(hover: none) and (pointer: coarse), (max-width: 48em)';

interface ImageDropzoneProps {
  /** The field's label ("Logo", "Banner"). */
  label: string;
  /** Text inside the drop area while idle, where a mouse can drag files ("Drag a logo here"). */
  idleText: string;
  /** The same on a touch or narrow screen, where the area is tapped to pick ("Choose a logo"). */
  touchText: string;
  /** Name of the button that removes the image ("Clear logo"). */
  clearText: string;
  value: string | null;
  onChange: (url: string | null) => void;
  /** Shows the current image (or its placeholder) beside or above the drop area. */
  preview: ReactNode;
  /** Beside the drop area (a small logo) or above it (a wide banner). */
  previewPosition?: 'side' | 'top';
  /** An error of the form for this field. */
  error?: ReactNode;
  /** Where the image goes: the signed-in admin's upload unless a page needs another (a sponsor's logo). */
  upload?: (file: File) => Promise<{ url: string }>;
}

/**
 * Image picker for the form fields that hold a media URL: checks type and size before uploading
 * (the same limits the server applies), then uploads at once so the form carries only the URL.
 */
export function ImageDropzone({
  label,
  idleText,
  touchText,
  clearText,
  value,
  onChange,
  preview,
  previewPosition = 'side',
  error: formError,
  upload: uploadTo = uploadImage,
}: ImageDropzoneProps) {
  const { t } = useTranslation('common');
  const labelId = useId();
  const errorId = useId();
  const openRef = useRef<() => void>(null);
  const upload = useMutation({ mutationFn: (file: File) => uploadTo(file) });
  const [error, setError] = useState<string | null>(null);
  // Nothing is dragged on a phone or tablet: there the area says "Choose" and a tap opens the picker.
  const isTouch = useMediaQuery(TOUCH_OR_NARROW) ?? false;

  const onDrop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setError(null);
    try {
      const { url } = await upload.mutateAsync(file);
      onChange(url);
    } catch (uploadError) {
      // The client already showed the server's message as a toast; keep it beside the field too.
      setError(isApiError(uploadError) ? uploadError.msg : t('image.uploadFailed'));
    }
  };

  const dropzone = (
    <Dropzone
      style={{ flex: 1 }}
      onDrop={(files) => void onDrop(files)}
      onReject={(rejections) => setError(rejectionMessage(rejections))}
      accept={ACCEPTED_TYPES}
      maxSize={MAX_IMAGE_BYTES}
      multiple={false}
      loading={upload.isPending}
      openRef={openRef}
      activateOnClick={isTouch}
      inputProps={{ 'aria-labelledby': labelId, 'aria-describedby': errorId }}
      p="md"
    >
      <Stack gap={2} align="center" ta="center">
        <Dropzone.Accept>
          <Text size="sm">{t('image.drop')}</Text>
        </Dropzone.Accept>
        <Dropzone.Reject>
          <Text size="sm">{imageTypeMessage()}</Text>
        </Dropzone.Reject>
        <Dropzone.Idle>
          <Text size="sm">{isTouch ? touchText : idleText}</Text>
        </Dropzone.Idle>
        <Text size="xs" c="dimmed">
          {t('image.limits', { megabytes: MAX_MEGABYTES })}
        </Text>
      </Stack>
    </Dropzone>
  );

  const shownError = error ?? formError ?? null;
  return (
    <Stack gap={6}>
      <div>
        <Text id={labelId} component="div" size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {t('optional')}
        </Text>
      </div>
      {previewPosition === 'top' ? (
        <>
          {preview}
          {dropzone}
        </>
      ) : (
        <Group align="center" gap="md" wrap="nowrap">
          {preview}
          {dropzone}
        </Group>
      )}
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => openRef.current?.()} loading={upload.isPending}>
          {t('image.choose')}
        </Button>
        {value ? (
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            onClick={() => {
              setError(null);
              onChange(null);
            }}
          >
            {clearText}
          </Button>
        ) : null}
      </Group>
      <Text id={errorId} size="sm" c="red.8" role={shownError ? 'alert' : undefined}>
        {shownError}
      </Text>
    </Stack>
  );
}
