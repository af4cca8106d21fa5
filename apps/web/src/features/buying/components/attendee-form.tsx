import { ZSaveRegistrationRequest, type TFormQuestion, type TRegistration } from '@clubtix/contract';
import { Button, Fieldset, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { applyServerErrors } from '../../../components/form-errors';
import { scrollToField } from '../../../lib/scroll-to';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { QuestionField } from '../../forms/components/question-field';
import { useSaveRegistration } from '../api';
import {
  answerErrors,
  initialAttendeeValues,
  toSaveRequest,
  type Answer,
  type AttendeeFormValues,
} from '../attendee-form-values';

type Form = UseFormReturnType<AttendeeFormValues>;

const fieldsetStyles = { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } };

function Questions({ form, questions, prefix }: { form: Form; questions: TFormQuestion[]; prefix: string }) {
  const answers = prefix === 'answers' ? form.values.answers : readAnswers(form, prefix);
  return questions.map((question) => {
    const path = `${prefix}.${question.id}`;
    return (
      <QuestionField
        key={question.id}
        question={question}
        value={answers[question.id]}
        onChange={(value: Answer) => {
          form.setFieldValue(path, value);
          form.clearFieldError(path);
        }}
        onBlur={() => form.validateField(path)}
        error={form.errors[path]}
      />
    );
  });
}

function readAnswers(form: Form, prefix: string): Record<string, Answer> {
  const index = Number(prefix.split('.')[1]);
  return form.values.attendees[index]?.answers ?? {};
}

// After a failed submit on a phone, the first problem may be a screen or two away: the page
// scrolls there in 300 ms (docs/product.md section 9), so the buyer sees where it went.
function focusFirstError() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    void scrollToField(field);
  });
}

/**
 * One section per attendee slot (named after its ticket) with names, e-mail and the per-attendee
 * questions, then the questions asked once per booking. Checked with the contract's schema and
 * answer rules before sending; the server's field errors land on the same fields.
 */
export function AttendeeForm({
  registration,
  questions,
  onSaved,
  onHoldEnded,
}: {
  registration: TRegistration;
  questions: TFormQuestion[];
  onSaved: () => void;
  /** The server says the registration can no longer be filled in (hold expired, cancelled). */
  onHoldEnded: (message: string) => void;
}) {
  const { t } = useTranslation(['buying', 'public']);
  const secret = { registrationId: registration.registrationId, qrUuid: registration.qrUuid };
  const perAttendee = questions.filter((question) => question.perAttendee);
  const once = questions.filter((question) => !question.perAttendee);
  const save = useSaveRegistration();
  const form = useSchemaForm(ZSaveRegistrationRequest, initialAttendeeValues(registration), {
    toRequest: (values) => toSaveRequest(values, secret),
    check: (values) => answerErrors(values, questions),
  });

  const submit = form.onSubmit((values) => {
    save.mutate(toSaveRequest(values, secret), {
      onSuccess: onSaved,
      onError: (error) => {
        if (isApiError(error) && error.status === 409) onHoldEnded(error.msg);
        else {
          applyServerErrors(form, error);
          focusFirstError();
        }
      },
    });
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {form.values.attendees.map((attendee, index) => (
          <Fieldset
            key={attendee.attendeeId}
            legend={t('attendeeForm.legend', { number: index + 1, ticket: attendee.ticketName })}
            radius="lg"
            styles={fieldsetStyles}
            data-testid="attendee-section"
          >
            <Stack gap="sm">
              <TextInput
                label={t('attendeeForm.firstName')}
                required
                autoComplete={index === 0 ? 'given-name' : 'off'}
                {...form.getInputProps(`attendees.${index}.firstName`)}
              />
              <TextInput
                label={t('attendeeForm.lastName')}
                required
                autoComplete={index === 0 ? 'family-name' : 'off'}
                {...form.getInputProps(`attendees.${index}.lastName`)}
              />
              <TextInput
                label={t('public:lookup.email')}
                type="email"
                required
                autoComplete={index === 0 ? 'email' : 'off'}
                {...form.getInputProps(`attendees.${index}.email`)}
              />
              <Questions form={form} questions={perAttendee} prefix={`attendees.${index}.answers`} />
            </Stack>
          </Fieldset>
        ))}
        {once.length > 0 ? (
          <Fieldset
            legend={t('attendeeForm.booking')}
            radius="lg"
            styles={fieldsetStyles}
            data-testid="booking-questions"
          >
            <Stack gap="sm">
              <Questions form={form} questions={once} prefix="answers" />
            </Stack>
          </Fieldset>
        ) : null}
        <Button type="submit" size="md" fullWidth loading={save.isPending}>
          {t('attendeeForm.continue')}
        </Button>
      </Stack>
    </form>
  );
}
