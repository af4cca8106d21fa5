import { ZJoinWaitlistRequest, type TTicket } from '@clubtix/contract';
import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError } from '../../../api/api-error';
import { applyServerErrors } from '../../../components/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useJoinWaitlist } from '../api';
import { waitlistMax, waitlistPlaceText } from '../waitlist';

const ZJoinFields = ZJoinWaitlistRequest.pick({ email: true, quantity: true });

/**
 * "Join the waiting list" under a sold-out ticket type (docs/product.md section 19): the buyer's
 * e-mail and how many they want, then their place in line. Tickets that come back are offered in
 * turn by e-mail, so nothing more is asked here.
 */
export function WaitlistJoin({
  eventId,
  ticket,
  eventMax,
  email,
}: {
  eventId: string;
  ticket: Pick<TTicket, 'id' | 'name' | 'maxPerOrder'>;
  eventMax: number;
  /** The address typed for the purchase, if any, to start from. */
  email: string;
}) {
  const { t } = useTranslation('buying');
  const join = useJoinWaitlist();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const max = waitlistMax(ticket.maxPerOrder, eventMax);
  const form = useSchemaForm(ZJoinFields, { email, quantity: 1 });
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);

  if (join.data) {
    return (
      <Alert color="green" role="status" title={t('waitlistJoin.joined')} data-testid="waitlist-joined">
        {waitlistPlaceText(join.data.position)}
      </Alert>
    );
  }
  if (!open) {
    return (
      <Button
        variant="light"
        onClick={() => {
          if (form.values.email === '' && email !== '') form.setFieldValue('email', email);
          setOpen(true);
        }}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('waitlistJoin.join')}
      </Button>
    );
  }
  const submit = form.onSubmit(({ email: address, quantity }) => {
    setProblem(null);
    join.mutate(
      { eventId, ticketId: ticket.id, email: address, quantity },
      {
        onError: (error) => {
          applyServerErrors(form, error);
          // A problem with a field is shown at the field; anything else (no longer sold out) here.
          if (!isApiError(error)) setProblem(t('waitlistJoin.failed'));
          else if (!('email' in fieldErrors(error) || 'quantity' in fieldErrors(error))) setProblem(error.msg);
        },
      },
    );
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('waitlistJoin.label', { name: ticket.name })}
      data-testid="waitlist-form"
    >
      <Stack gap="sm">
        <Text size="sm">{t('waitlistJoin.intro', { name: ticket.name })}</Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            ref={first}
            label={t('waitlistJoin.email')}
            type="email"
            autoComplete="email"
            required
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('email')}
          />
          <NumberInput
            label={t('waitlistJoin.wanted')}
            min={1}
            max={max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            w={140}
            {...form.getInputProps('quantity')}
          />
        </Group>
        {problem ? (
          <Alert color="red" role="alert" data-testid="waitlist-problem">
            {problem}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button type="submit" loading={join.isPending}>
            {t('waitlistJoin.join')}
          </Button>
          <Button variant="default" onClick={() => setOpen(false)} disabled={join.isPending}>
            {t('waitlistJoin.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
