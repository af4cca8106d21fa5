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
import { withType, type FormBuilderValues } from '../form-builder-values';

const MAX_OPTIONS = 50;

interface QuestionEditorProps {
  form: UseFormReturnType<FormBuilderValues>;
  index: number;
  count: number;
}

function OptionsEditor({ form, index }: { form: UseFormReturnType<FormBuilderValues>; index: number }) {
  const labelId = useId();
  const path = `questions.${index}.options` as const;
  const options = form.values.questions[index]?.options ?? [];
  const listError = form.errors[path];
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} component="div">
        Options
      </Input.Label>
      {options.map((_, optionIndex) => (
        <Group key={optionIndex} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1 }}
            aria-label={`Option ${optionIndex + 1}`}
            placeholder={`Option ${optionIndex + 1}`}
            {...form.getInputProps(`${path}.${optionIndex}`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove option ${optionIndex + 1}`}
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
          Add option
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
  const question = form.values.questions[index];
  if (!question) return null;
  const path = `questions.${index}` as const;
  return (
    <Fieldset legend={`Question ${index + 1}`} radius="md">
      <Stack gap="sm">
        <TextInput label="Question" required {...form.getInputProps(`${path}.label`)} />
        <NativeSelect
          label="Answer type"
          value={String(question.type)}
          onChange={(event) =>
            form.setFieldValue(path, withType(question, Number(event.currentTarget.value) as TQuestionType))
          }
          data={QUESTION_TYPE_LABELS.map((label, type) => ({ value: String(type), label }))}
        />
        {hasOptions(question.type) ? <OptionsEditor form={form} index={index} /> : null}
        <Checkbox label="Required" {...form.getInputProps(`${path}.required`, { type: 'checkbox' })} />
        <Radio.Group
          label="Asked"
          value={question.perAttendee ? 'attendee' : 'registration'}
          onChange={(value) => form.setFieldValue(`${path}.perAttendee`, value === 'attendee')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="attendee" label="Per attendee" />
            <Radio value="registration" label="Once per registration" />
          </Group>
        </Radio.Group>
        <Switch
          label="Show at check-in"
          description="Staff see this answer when they scan the ticket"
          {...form.getInputProps(`${path}.showAtCheckin`, { type: 'checkbox' })}
        />
        <Group gap="xs" justify="flex-end">
          <Button
            size="compact-sm"
            variant="default"
            disabled={index === 0}
            onClick={() => form.reorderListItem('questions', { from: index, to: index - 1 })}
          >
            Move up
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={index === count - 1}
            onClick={() => form.reorderListItem('questions', { from: index, to: index + 1 })}
          >
            Move down
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => form.removeListItem('questions', index)}
          >
            Remove question
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
