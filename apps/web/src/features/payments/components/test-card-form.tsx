import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TPaymentIntent } from '@clubtix/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title, type TitleOrder } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmPayment, type ConfirmedPurchase } from '../api';
import { cardDigits, checkCardNumber, formatCardNumber } from '../card-number';
import { confirmTakenPayment, wait } from '../stripe-flow';
import { UnconfirmedPayment } from './unconfirmed-payment';

/**
 * The simulated provider's card form. Only a card number: there is no real card behind it, and
 * asking for an expiry date or a CVC would suggest there is.
 */
export function TestCardForm({
  intent,
  onPaid,
  headingOrder = 3,
  whenConfirmed,
}: {
  intent: TPaymentIntent;
  onPaid: (purchase: ConfirmedPurchase) => void;
  headingOrder?: TitleOrder;
  whenConfirmed?: string | undefined;
}) {
  const { t } = useTranslation('payments');
  const headingId = useId();
  const [card, setCard] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The card number sent when no answer came back: the provider may have taken it. Sending it again
  // cannot pay twice (a succeeded payment stays succeeded), so "Check again" sends the same one.
  const [unconfirmedCard, setUnconfirmedCard] = useState<string | null>(null);
  const pay = useMutation({
    mutationFn: (testCard: string) => confirmTakenPayment(() => confirmPayment(intent.paymentIntentId, testCard), wait),
    onSuccess: (answer, testCard) => {
      setUnconfirmedCard(answer.kind === 'unanswered' ? testCard : null);
      if (answer.kind === 'paid') onPaid(answer.result);
      // A decline belongs to the card: said at the field, where the buyer types another one.
      else if (answer.kind === 'refused' && answer.error.status === 402) setCardError(answer.error.msg);
      else if (answer.kind === 'refused') setFailure(answer.error.msg);
    },
  });
  const amount = formatMoney(intent.amount, intent.currency, currentLanguage());

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problem = checkCardNumber(card);
    setCardError(problem);
    if (problem === null) pay.mutate(cardDigits(card));
  }

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="test-card-form"
      style={{ borderColor: 'var(--mantine-color-orange-7)', borderWidth: 2 }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Title order={headingOrder} fz="lg" id={headingId}>
              {t('test.title')}
            </Title>
            <Badge color="orange" variant="light" tt="none" size="lg">
              {t('test.badge')}
            </Badge>
          </Group>
          <Text size="sm" data-testid="test-mode-note">
            {/* docs/product.md section 15: every page that takes a simulated payment says so plainly. */}
            {t('test.note')}
          </Text>
          <TextInput
            label={t('card.label')}
            value={card}
            onChange={(event) => {
              setCard(formatCardNumber(event.currentTarget.value));
              setCardError(null);
            }}
            required
            inputMode="numeric"
            // Off: a browser must not offer to fill a real saved card into a form that takes none.
            autoComplete="off"
            placeholder="4242 4242 4242 4242"
            maxLength={23}
            error={cardError ? <span role="alert">{cardError}</span> : undefined}
          />
          {failure ? (
            <Alert color="red" role="alert" title={t('form.notCompleted')}>
              {failure}
            </Alert>
          ) : null}
          {unconfirmedCard !== null ? (
            <UnconfirmedPayment
              whenConfirmed={whenConfirmed}
              isChecking={pay.isPending}
              onCheckAgain={() => pay.mutate(unconfirmedCard)}
            />
          ) : (
            <Button type="submit" size="md" fullWidth loading={pay.isPending}>
              {t('form.pay', { amount })}
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
