import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { MAX_IMPORT_BYTES } from '@clubtix/contract';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/save-file';
import { checkImportFile, importSizeMessage, importTypeMessage, MAX_IMPORT_MEGABYTES } from '../import-result';
import { i18n } from '../../../i18n/i18n';

// By extension as well as type: a .csv arrives as text/csv, text/plain or application/vnd.ms-excel
// depending on the system, and react-dropzone accepts a file that matches either.
const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('too-many-files')) return i18n.t('attendees:importFile.one');
  if (codes.includes('file-too-large')) return importSizeMessage();
  return importTypeMessage();
}

/** The file to import: dropped or chosen, checked for type and size before any upload. */
export function ImportFileField({
  file,
  error,
  disabled,
  onChange,
  onError,
}: {
  file: File | null;
  error: string | null;
  disabled: boolean;
  onChange: (file: File | null) => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation('attendees');
  const labelId = useId();
  const errorId = useId();
  const openRef = useRef<() => void>(null);
  const zoneRef = useRef<HTMLDivElement>(null);

  const take = (files: File[]) => {
    // Choosing the same file again (fixed and saved under the same name) must count as a choice:
    // the browser fires no change for a value that stays the same, so the value is cleared.
    const input = zoneRef.current?.querySelector('input[type="file"]');
    if (input instanceof HTMLInputElement) input.value = '';
    const chosen = files[0];
    if (!chosen) return;
    const problem = checkImportFile(chosen);
    if (problem) onError(problem);
    else onChange(chosen);
  };

  return (
    <Stack gap={6}>
      <Text id={labelId} component="div" size="sm" fw={500}>
        {t('importFile.label')}
      </Text>
      <Dropzone
        ref={zoneRef}
        onDrop={take}
        onReject={(rejections) => onError(rejectionMessage(rejections))}
        accept={ACCEPT}
        maxSize={MAX_IMPORT_BYTES}
        multiple={false}
        disabled={disabled}
        openRef={openRef}
        activateOnClick={false}
        inputProps={{ 'aria-labelledby': labelId, 'aria-describedby': errorId }}
        p="md"
      >
        <Stack gap={2} align="center" ta="center">
          <Dropzone.Accept>
            <Text size="sm">{t('importFile.drop')}</Text>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Text size="sm">{importTypeMessage()}</Text>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <Text size="sm">{t('importFile.drag')}</Text>
          </Dropzone.Idle>
          <Text size="xs" c="dimmed">
            {t('importFile.upTo', { size: MAX_IMPORT_MEGABYTES })}
          </Text>
        </Stack>
      </Dropzone>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => openRef.current?.()} disabled={disabled}>
          {t('importFile.choose')}
        </Button>
        {file ? (
          <>
            <Text size="sm" data-testid="import-file" style={{ overflowWrap: 'anywhere' }}>
              {file.name} · {formatBytes(file.size)}
            </Text>
            <Button variant="subtle" color="gray" size="xs" onClick={() => onChange(null)} disabled={disabled}>
              {t('importFile.remove')}
            </Button>
          </>
        ) : null}
      </Group>
      <Text id={errorId} size="sm" c="red.8" role={error ? 'alert' : undefined}>
        {error}
      </Text>
    </Stack>
  );
}
