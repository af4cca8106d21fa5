import { IMAGE_TYPE_MESSAGE, MAX_IMAGE_BYTES } from '@clubtix/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { useUploadImage } from '../api';
import { ClubLogo } from './club-logo';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png'];
const MAX_MEGABYTES = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));
export const IMAGE_SIZE_MESSAGE = `Images can be at most ${MAX_MEGABYTES} MB`;

function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('file-invalid-type')) return IMAGE_TYPE_MESSAGE;
  if (codes.includes('file-too-large')) return IMAGE_SIZE_MESSAGE;
  if (codes.includes('too-many-files')) return 'Choose one image';
  return rejections[0]?.errors[0]?.message ?? IMAGE_TYPE_MESSAGE;
}

interface LogoDropzoneProps {
  clubName: string;
  value: string | null;
  onChange: (url: string | null) => void;
}

/**
 * Logo picker: checks type and size before uploading (the same limits the server applies), then
 * uploads at once so the form only carries the returned media URL.
 */
export function LogoDropzone({ clubName, value, onChange }: LogoDropzoneProps) {
  const labelId = useId();
  const errorId = useId();
  const openRef = useRef<() => void>(null);
  const upload = useUploadImage();
  const [error, setError] = useState<string | null>(null);

  const onDrop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setError(null);
    try {
      const { url } = await upload.mutateAsync(file);
      onChange(url);
    } catch (uploadError) {
      // The client already showed the server's message as a toast; keep it beside the field too.
      setError(isApiError(uploadError) ? uploadError.msg : 'The image could not be uploaded');
    }
  };

  return (
    <Stack gap={6}>
      <div>
        <Text id={labelId} component="div" size="sm" fw={500}>
          Logo
        </Text>
        <Text size="xs" c="dimmed">
          Optional
        </Text>
      </div>
      <Group align="center" gap="md" wrap="nowrap">
        <ClubLogo name={clubName || 'Club'} logoUrl={value} size={72} />
        <Dropzone
          style={{ flex: 1 }}
          onDrop={(files) => void onDrop(files)}
          onReject={(rejections) => setError(rejectionMessage(rejections))}
          accept={ACCEPTED_TYPES}
          maxSize={MAX_IMAGE_BYTES}
          multiple={false}
          loading={upload.isPending}
          openRef={openRef}
          activateOnClick={false}
          inputProps={{ 'aria-labelledby': labelId, 'aria-describedby': errorId }}
          p="md"
        >
          <Stack gap={2} align="center" ta="center">
            <Dropzone.Accept>
              <Text size="sm">Drop the image here</Text>
            </Dropzone.Accept>
            <Dropzone.Reject>
              <Text size="sm">{IMAGE_TYPE_MESSAGE}</Text>
            </Dropzone.Reject>
            <Dropzone.Idle>
              <Text size="sm">Drag a logo here</Text>
            </Dropzone.Idle>
            <Text size="xs" c="dimmed">
              JPEG or PNG, up to {MAX_MEGABYTES} MB
            </Text>
          </Stack>
        </Dropzone>
      </Group>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => openRef.current?.()} loading={upload.isPending}>
          Choose image
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
            Clear logo
          </Button>
        ) : null}
      </Group>
      <Text id={errorId} size="sm" c="red" role={error ? 'alert' : undefined}>
        {error}
      </Text>
    </Stack>
  );
}
