import { PRODUCT_NAME } from '@clubtix/contract';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../session/session';
import { BrandMark } from './brand-mark';
import { LanguagePicker } from './language-picker';

/**
 * The pages a buyer walks through. They get the quiet header: an organiser's Sign in and Register
 * made buyers think they needed an account or had to register a club (docs/decisions/0023-buyer-pages.md).
 */
export const BUYER_ROUTE_PATHS: ReadonlySet<string> = new Set([
  '/:slug',
  '/:slug/tickets',
  '/:slug/attendee-form',
  '/:slug/checkout',
  '/:slug/confirm',
  '/:slug/success',
  '/event/:eventId/donation',
  '/event/:eventId/qr/:registrationId/:attendeeId/:qrUuid',
  '/pricing',
  '/club/:clubId/event',
  '/series/:slug',
]);

/**
 * Header of the buyer pages: the product's name, not a link to the organisers' landing page, and no
 * sign-in or register. An organiser looking at their own event keeps the way back to the dashboard.
 */
export function QuietHeader() {
  const { t } = useTranslation('common');
  const { token } = useSession();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={8} wrap="nowrap" data-testid="quiet-header">
        <BrandMark size={28} />
        <Text fw={800} fz="lg" c="purple.7">
          {PRODUCT_NAME}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguagePicker />
        {token ? (
          <Button component={Link} to="/dashboard" variant="subtle" size="compact-md">
            {t('header.dashboard')}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
