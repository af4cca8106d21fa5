import { ZEmail } from '@clubtix/contract';
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors, focusFirstError } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { tone } from '../../../theme';
import { useResendTickets } from '../api';
import { lookupFailure, lookupOutcome, type LookupOutcome } from '../ticket-lookup';

// The contract's e-mail rule, the one getRegistrationByEmail applies: the form refuses what the API would.
const ZLookupForm = z.object({ email: ZEmail });

const OUTCOME_COLOR: Record<LookupOutcome['kind'], string> = {
  sent: tone.success,
  'not-found': tone.warning,
  failed: tone.error,
};

/** "Lost your tickets?": a buyer gives the address they booked with and the tickets are mailed there again. */
export function LostTicketsForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation('public');
  const headingId = useId();
  const resend = useResendTickets();
  const form = useSchemaForm(ZLookupForm, { email: '' });

  const submit = form.onSubmit(
    async (values) => {
      const { email } = ZLookupForm.parse(values);
      try {
        await resend.mutateAsync({ email, eventId });
      } catch (error) {
        applyServerErrors(form, error);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  const outcome = resend.isSuccess
    ? lookupOutcome(resend.data, resend.variables.email)
    : resend.isError
      ? lookupFailure(resend.error)
      : null;

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="md" id={headingId}>
            {t('lookup.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('lookup.intro')}
          </Text>
          <TextInput
            label={t('lookup.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" variant="light" fullWidth loading={resend.isPending}>
            {t('lookup.send')}
          </Button>
          {outcome ? (
            <Alert
              color={OUTCOME_COLOR[outcome.kind]}
              title={outcome.title}
              role={outcome.kind === 'failed' ? 'alert' : 'status'}
              // The tone's own title colour on its light fill is under 4.5:1 for text this size.
              styles={{ title: { color: 'var(--mantine-color-black)' } }}
              data-testid="ticket-lookup-result"
            >
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {outcome.message}
              </Text>
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
