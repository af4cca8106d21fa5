import type { TDiscount, TEvent, TTicket } from '@clubtix/contract';
import { Badge, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEditor } from '../../../components/form-modal';
import { CatalogueEditor, type CatalogueEditorState } from '../../event-admin/catalogue-editor';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { useEventTickets } from '../../tickets/api';
import { useDeleteDiscount, useEventDiscounts, useSaveDiscount } from '../api';
import { DiscountForm } from '../components/discount-form';
import {
  codeLink,
  discountState,
  discountTicketsText,
  discountToRequest,
  discountUsesText,
  discountValueText,
  discountWindowText,
} from '../discount-form-values';

const STATE_KEYS = {
  'used-up': 'state.usedUp',
  'not-yet': 'state.notYet',
  expired: 'state.expired',
} as const;

function DiscountDetails({ discount, event, tickets }: { discount: TDiscount; event: TEvent; tickets: TTicket[] }) {
  const { t } = useTranslation('discounts');
  const state = discountState(discount);
  // docs/product.md section 19: a link that applies the code at ticket selection.
  const link = codeLink(window.location.origin, event.slug, discount.code);
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text size="sm" data-testid="discount-uses">
          {t('details.uses', { uses: discountUsesText(discount) })}
        </Text>
        {state !== 'usable' && state !== 'inactive' ? (
          <Badge size="sm" color="gray.7" variant="outline">
            {t(STATE_KEYS[state])}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" data-testid="discount-tickets">
        {t('details.tickets', { tickets: discountTicketsText(discount, tickets) })}
      </Text>
      <Text size="sm" data-testid="discount-window">
        {t('details.valid', { window: discountWindowText(discount, event.timezone) })}
      </Text>
      <Group gap={6} wrap="nowrap" align="center">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="discount-link">
          {link}
        </Text>
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="default"
              onClick={copy}
              aria-label={
                copied
                  ? t('details.copiedLabel', { code: discount.code })
                  : t('details.copyLabel', { code: discount.code })
              }
            >
              {copied ? t('details.copied') : t('details.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function Discounts({ event, editor }: { event: TEvent; editor: CatalogueEditorState<TDiscount> }) {
  const { t } = useTranslation('discounts');
  const discounts = useEventDiscounts(event.id);
  const tickets = useEventTickets(event.id);
  const save = useSaveDiscount(event.id);
  const remove = useDeleteDiscount(event.id);
  const ticketList = tickets.data ?? [];

  return (
    <CatalogueEditor
      items={discounts}
      editor={editor}
      noun={{ one: t('noun.one'), many: t('noun.many') }}
      empty={<>{t('empty', { link: `/${event.slug}/tickets?code=YOURCODE` })}</>}
      card={(discount) => ({
        name: discount.code,
        price: discountValueText(discount, event.currency),
        details: <DiscountDetails discount={discount} event={event} tickets={ticketList} />,
      })}
      toggleActive={(discount) => save.mutateAsync(discountToRequest(discount, { isActive: !discount.isActive }))}
      remove={(discount) => remove.mutate(discount.id)}
      form={(discount) => (
        <DiscountForm
          key={discount?.id ?? 'new'}
          event={event}
          tickets={ticketList}
          discount={discount}
          isSaving={save.isPending}
          onCancel={editor.close}
          onSave={async (body) => {
            await save.mutateAsync(body);
            editor.close();
          }}
        />
      )}
    />
  );
}

/** /event/{eventId}/discounts: the event's discount and access codes, with how often each was used. */
export default function DiscountsPage() {
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['discounts', 'events']);
  const { eventId } = useParams();
  const editor = useEditor<TDiscount>();
  return (
    <ManagedEventPage
      eventId={eventId}
      title={t('title')}
      screen="discounts"
      actions={() => <Button onClick={editor.openNew}>{t('add')}</Button>}
    >
      {(event) => <Discounts event={event} editor={editor} />}
    </ManagedEventPage>
  );
}
