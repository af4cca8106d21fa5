import { ZSaveFormRequest, type TEvent, type TFormQuestion } from '@clubtix/contract';
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveForm } from '../api';
import {
  draftsToQuestions,
  draftsToRequest,
  newQuestion,
  questionsToDrafts,
  type FormBuilderValues,
} from '../form-builder-values';
import { FormPreview } from './form-preview';
import { QuestionEditor } from './question-editor';

const MAX_QUESTIONS = 100;

/** The questions of one event, edited as a whole and saved in one call. */
export function FormEditor({ event, questions }: { event: TEvent; questions: TFormQuestion[] }) {
  const { t } = useTranslation('forms');
  const save = useSaveForm();
  const form = useSchemaForm<FormBuilderValues>(ZSaveFormRequest, questionsToDrafts(questions), {
    toRequest: (values) => draftsToRequest(values, event.id),
  });
  const count = form.values.questions.length;
  const preview = useMemo(() => draftsToQuestions(form.values, event.id), [form.values, event.id]);

  const submit = form.onSubmit(
    async (values) => {
      try {
        await save.mutateAsync(draftsToRequest(values, event.id));
        // The page remounts this editor with the saved questions; nothing left to reset here.
      } catch (error) {
        applyServerErrors(form, error);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <Tabs defaultValue="edit" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="edit">{t('editor.edit')}</Tabs.Tab>
        <Tabs.Tab value="preview">{t('editor.preview')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="edit">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {count === 0 ? (
              <Text c="dimmed" size="sm">
                {t('editor.empty')}
              </Text>
            ) : null}
            {form.values.questions.map((question, index) => (
              <QuestionEditor key={question.key} form={form} index={index} count={count} />
            ))}
            <Group justify="space-between" gap="sm">
              <Button
                variant="light"
                disabled={count >= MAX_QUESTIONS}
                onClick={() => form.insertListItem('questions', newQuestion())}
              >
                {t('editor.add')}
              </Button>
              <Group gap="sm">
                {form.isDirty() ? (
                  <Text size="sm" c="orange.8" role="status">
                    {t('editor.unsaved')}
                  </Text>
                ) : null}
                <Button type="submit" loading={save.isPending}>
                  {t('editor.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Tabs.Panel>
      <Tabs.Panel value="preview">
        <FormPreview questions={preview} />
      </Tabs.Panel>
    </Tabs>
  );
}
