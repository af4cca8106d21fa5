import { Button, Group, TextInput } from '@mantine/core';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The field a USB or Bluetooth scanner types into: it types the QR text and presses Enter, so the
 * field sends on Enter, empties itself and keeps the focus for the next ticket. Staff can also
 * type or paste a code by hand.
 */
export function CodeField({
  onCode,
  autoFocus,
  ref,
}: {
  onCode: (text: string) => void;
  autoFocus: boolean;
  ref: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('checkin');
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const text = value.trim();
        setValue('');
        if (text) onCode(text);
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={ref}
          label={t('code.label')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          size="md"
          style={{ flex: 1 }}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
        />
        <Button type="submit" size="md" variant="light">
          {t('code.read')}
        </Button>
      </Group>
    </form>
  );
}
