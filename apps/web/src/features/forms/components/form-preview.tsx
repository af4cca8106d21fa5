import { checkAnswers, type TAnswers, type TFormQuestion } from '@clubtix/contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { QuestionField } from './question-field';

/**
 * The form as buyers will see it. Answers typed here stay in the browser; "Check answers" runs
 * the same checks the server applies (required, option in list) so the admin can try the rules.
 */
export function FormPreview({ questions }: { questions: TFormQuestion[] }) {
  const { t } = useTranslation('forms');
  const [answers, setAnswers] = useState<TAnswers>({});
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const once = questions.filter((question) => !question.perAttendee);
  const perAttendee = questions.filter((question) => question.perAttendee);

  if (questions.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('preview.empty')}
      </Text>
    );
  }

  const field = (question: TFormQuestion) => (
    <QuestionField
      key={question.id}
      question={question}
      value={answers[question.id]}
      onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
      error={errors?.[question.id]}
    />
  );

  return (
    <Stack gap="lg" maw={640}>
      {once.length > 0 ? (
        <Stack component="section" gap="sm" aria-label={t('question.once')}>
          <Title order={3} fz="md">
            {t('preview.about')}
          </Title>
          {once.map(field)}
        </Stack>
      ) : null}
      {perAttendee.length > 0 ? (
        <Stack component="section" gap="sm" aria-label={t('question.perAttendee')}>
          <Title order={3} fz="md">
            {t('preview.attendee', { number: 1 })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('preview.asked')}
          </Text>
          {perAttendee.map(field)}
        </Stack>
      ) : null}
      {errors && Object.keys(errors).length === 0 ? <Alert color="green" title={t('preview.accepted')} /> : null}
      <Group>
        <Button
          variant="light"
          onClick={() =>
            setErrors(
              Object.fromEntries(
                checkAnswers(questions, answers, currentLanguage()).map((problem) => [
                  problem.questionId,
                  problem.message,
                ]),
              ),
            )
          }
        >
          {t('preview.check')}
        </Button>
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            setAnswers({});
            setErrors(null);
          }}
        >
          {t('preview.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
