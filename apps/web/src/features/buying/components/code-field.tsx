import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface AppliedCode {
  code: string;
  /** What it takes off, in words ("10% off on Adult"). */
  description: string;
}

/**
 * "Have a code?": a discount or access code, applied or removed (docs/product.md section 19). Its own
 * form, so Enter in the field applies the code and never submits the page's other form. A refusal
 * (unknown, expired, used up, inactive) is shown on the field, which stays open to correct it.
 */
export function CodeField({
  applied,
  onApply,
  onRemove,
  pending,
  error,
  onEdit,
  removeLabel,
}: {
  applied: AppliedCode | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  pending: boolean;
  error: string | null;
  /** The buyer typed: an old refusal no longer applies to the field. */
  onEdit: () => void;
  removeLabel?: string;
}) {
  const { t } = useTranslation('buying');
  const [opened, setOpened] = useState(false);
  // A refusal (a `?code=` link's code, or one used up meanwhile) shows the field to correct it.
  const open = opened || error !== null;
  const [value, setValue] = useState('');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const focusOnOpen = useRef(false);
  useEffect(() => {
    // Opened by the buyer: the cursor goes to the field, as they are about to type.
    if (open && focusOnOpen.current) input.current?.focus();
    focusOnOpen.current = false;
  }, [open]);
  const setOpen = (next: boolean) => {
    focusOnOpen.current = next;
    setOpened(next);
  };

  if (applied) {
    return (
      <Paper withBorder radius="lg" p="md" bg="green.0" data-testid="code-applied">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('codeField.applied', { code: applied.code })}
            </Text>
            <Text size="sm" c="gray.8">
              {applied.description}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              size="sm"
              variant="default"
              onClick={() => {
                setValue(applied.code);
                setOpen(true);
                onRemove();
              }}
            >
              {t('codeField.change')}
            </Button>
            <Button
              size="sm"
              variant="default"
              onClick={() => {
                setValue('');
                setOpen(false);
                onRemove();
              }}
            >
              {removeLabel ?? t('codeField.remove')}
            </Button>
          </Group>
        </Group>
      </Paper>
    );
  }

  if (!open) {
    return (
      <Button variant="subtle" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        {t('codeField.have')}
      </Button>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const code = value.trim();
        if (code !== '') onApply(code);
      }}
      data-testid="code-form"
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          ref={input}
          id={inputId}
          label={t('codeField.label')}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            onEdit();
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" mt={25} loading={pending} disabled={value.trim() === ''}>
          {t('codeField.apply')}
        </Button>
      </Group>
    </form>
  );
}
