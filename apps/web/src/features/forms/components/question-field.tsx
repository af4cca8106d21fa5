import type { TFormQuestion } from '@clubtix/contract';
import { Checkbox, Group, NativeSelect, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** An answer as docs/product.md section 15 keys it: a list for checkboxes, a text for the other types. */
export type Answer = string | string[];

interface QuestionFieldProps {
  question: Pick<TFormQuestion, 'type' | 'label' | 'required' | 'options'>;
  value: Answer | undefined;
  onChange: (value: Answer) => void;
  onBlur?: () => void;
  error?: ReactNode;
}

function asText(value: Answer | undefined): string {
  return typeof value === 'string' ? value : '';
}

function asList(value: Answer | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

/**
 * One registration question as the public answers it. The form builder's preview and the
 * public attendee form both render questions through this, so what the admin previews is what
 * buyers get.
 */
export function QuestionField({ question, value, onChange, onBlur, error }: QuestionFieldProps) {
  const { t } = useTranslation('forms');
  const common = {
    label: question.label,
    required: question.required,
    description: question.required ? undefined : t('field.optional'),
    error,
  };
  switch (question.type) {
    case 0:
      return (
        <TextInput
          {...common}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          maxLength={5000}
        />
      );
    case 1:
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={10}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          maxLength={5000}
        />
      );
    case 2:
      return (
        <Radio.Group {...common} withAsterisk={false} value={asText(value) || null} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {question.options.map((option) => (
              <Radio key={option} value={option} label={option} onBlur={onBlur} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 3:
      return (
        <Checkbox.Group {...common} withAsterisk={false} value={asList(value)} onChange={onChange}>
          <Group gap={6} mt={6} align="flex-start" style={{ flexDirection: 'column' }}>
            {question.options.map((option) => (
              <Checkbox key={option} value={option} label={option} onBlur={onBlur} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 4:
      return (
        <NativeSelect
          {...common}
          withAsterisk={false}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          data={[
            { value: '', label: t('field.choose') },
            ...question.options.map((option) => ({ value: option, label: option })),
          ]}
        />
      );
  }
}
