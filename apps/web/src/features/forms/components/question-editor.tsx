import { hasOptions, QUESTION_TYPE_LABELS, type TQuestionType } from '@clubtix/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Input,
  NativeSelect,
  Radio,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { withType, type FormBuilderValues } from '../form-builder-values';

const MAX_OPTIONS = 50;

interface QuestionEditorProps {
  form: UseFormReturnType<FormBuilderValues>;
  index: number;
  count: number;
}

function OptionsEditor({ form, index }: { form: UseFormReturnType<FormBuilderValues>; index: number }) {
  const { t } = useTranslation('forms');
  const labelId = useId();
  const path = `questions.${index}.options` as const;
  const options = form.values.questions[index]?.options ?? [];
  const listError = form.errors[path];
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} component="div">
        {t('question.options')}
      </Input.Label>
      {options.map((_, optionIndex) => (
        <Group key={optionIndex} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('question.option', { number: optionIndex + 1 })}
            placeholder={t('question.option', { number: optionIndex + 1 })}
            {...form.getInputProps(`${path}.${optionIndex}`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('question.removeOption', { number: optionIndex + 1 })}
            onClick={() => form.removeListItem(path, optionIndex)}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {listError ? <Input.Error>{listError}</Input.Error> : null}
      <Group>
        <Button
          size="compact-sm"
          variant="light"
          disabled={options.length >= MAX_OPTIONS}
          onClick={() => form.insertListItem(path, '')}
        >
          {t('question.addOption')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * One question of the form builder: its text, type, options, whether it is required, for whom, and
 * whether the door shows its answer.
 */
export function QuestionEditor({ form, index, count }: QuestionEditorProps) {
  const { t } = useTranslation('forms');
  const question = form.values.questions[index];
  if (!question) return null;
  const path = `questions.${index}` as const;
  return (
    <Fieldset legend={t('editor.question', { number: index + 1 })} radius="md">
      <Stack gap="sm">
        <TextInput label={t('question.label')} required {...form.getInputProps(`${path}.label`)} />
        <NativeSelect
          label={t('question.type')}
          value={String(question.type)}
          onChange={(event) =>
            form.setFieldValue(path, withType(question, Number(event.currentTarget.value) as TQuestionType))
          }
          data={QUESTION_TYPE_LABELS.map((_, type) => ({ value: String(type), label: t(`question.types.${type}`) }))}
        />
        {hasOptions(question.type) ? <OptionsEditor form={form} index={index} /> : null}
        <Checkbox label={t('question.required')} {...form.getInputProps(`${path}.required`, { type: 'checkbox' })} />
        <Radio.Group
          label={t('question.asked')}
          value={question.perAttendee ? 'attendee' : 'registration'}
          onChange={(value) => form.setFieldValue(`${path}.perAttendee`, value === 'attendee')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="attendee" label={t('question.perAttendee')} />
            <Radio value="registration" label={t('question.once')} />
          </Group>
        </Radio.Group>
        <Switch
          label={t('question.showAtCheckin')}
          description={t('question.showAtCheckinHint')}
          {...form.getInputProps(`${path}.showAtCheckin`, { type: 'checkbox' })}
        />
        <Group gap="xs" justify="flex-end">
          <Button
            size="compact-sm"
            variant="default"
            disabled={index === 0}
            onClick={() => form.reorderListItem('questions', { from: index, to: index - 1 })}
          >
            {t('question.up')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={index === count - 1}
            onClick={() => form.reorderListItem('questions', { from: index, to: index + 1 })}
          >
            {t('question.down')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => form.removeListItem('questions', index)}
          >
            {t('question.remove')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
