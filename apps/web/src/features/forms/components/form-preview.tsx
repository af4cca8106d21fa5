import { checkAnswers, type TAnswers, type TFormQuestion } from '@clubtix/contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { QuestionField } from './question-field';

/**
 * The form as buyers will see it. Answers typed here stay in the browser; "Check answers" runs
 * the same checks the server applies (required, option in list) so the admin can try the rules.
 */
export function FormPreview({ questions }: { questions: TFormQuestion[] }) {
  const [answers, setAnswers] = useState<TAnswers>({});
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const once = questions.filter((question) => !question.perAttendee);
  const perAttendee = questions.filter((question) => question.perAttendee);

  if (questions.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No questions yet: buyers will give only each attendee’s name and e-mail.
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
        <Stack component="section" gap="sm" aria-label="Once per registration">
          <Title order={3} fz="md">
            About your registration
          </Title>
          {once.map(field)}
        </Stack>
      ) : null}
      {perAttendee.length > 0 ? (
        <Stack component="section" gap="sm" aria-label="Per attendee">
          <Title order={3} fz="md">
            Attendee 1
          </Title>
          <Text size="sm" c="dimmed">
            Asked for each attendee.
          </Text>
          {perAttendee.map(field)}
        </Stack>
      ) : null}
      {errors && Object.keys(errors).length === 0 ? (
        <Alert color="green" title="These answers would be accepted" />
      ) : null}
      <Group>
        <Button
          variant="light"
          onClick={() =>
            setErrors(
              Object.fromEntries(
                checkAnswers(questions, answers).map((problem) => [problem.questionId, problem.message]),
              ),
            )
          }
        >
          Check answers
        </Button>
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            setAnswers({});
            setErrors(null);
          }}
        >
          Clear answers
        </Button>
      </Group>
    </Stack>
  );
}
