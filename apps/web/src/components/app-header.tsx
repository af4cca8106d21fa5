import { PRODUCT_NAME, ROLE_ADMIN, ROLE_STAFF, ROLE_SUDO } from '@clubtix/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountIcon } from '../features/account/components/account-icon';
import { ACCOUNT_PATH } from '../features/account/paths';
import { PATHS } from '../features/auth/guards';
import { useSession } from '../features/auth/session';
import { BrandMark } from './brand-mark';
import { LanguagePicker } from './language-picker';

const ROLE_BADGES: Record<number, { labelKey: 'sudo' | 'admin' | 'staff'; color: string }> = {
  [ROLE_SUDO]: { labelKey: 'sudo', color: 'gold' },
  [ROLE_ADMIN]: { labelKey: 'admin', color: 'purple' },
  [ROLE_STAFF]: { labelKey: 'staff', color: 'gray' },
};

/**
 * Main-layout header. Each role sees what it may use (docs/product.md section 20): door staff their
 * dashboard (their events' door) and account, an admin the Team page too. Kept to a few short items so it fits a 375px phone without a menu: there My
 * account is an icon with that name.
 */
export function AppHeader() {
  const { t } = useTranslation('common');
  const { token, user } = useSession();
  const navigate = useNavigate();
  const isSignedIn = Boolean(token);

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('header.home', { product: PRODUCT_NAME })}>
        <Group gap={8} wrap="nowrap">
          <BrandMark size={28} />
          <Text fw={800} fz="lg" c="purple.7">
            {PRODUCT_NAME}
          </Text>
        </Group>
      </Anchor>

      <Group component="nav" aria-label={t('header.main')} gap="xs" wrap="nowrap">
        <LanguagePicker />
        {isSignedIn ? (
          <>
            <Button component={Link} to="/dashboard" variant="subtle" size="compact-md">
              {t('header.dashboard')}
            </Button>
            {user?.role === ROLE_ADMIN ? (
              // Not on a phone, where the row is full: there the admin dashboard links the Team page.
              <Button component={Link} to={PATHS.team} variant="subtle" size="compact-md" visibleFrom="sm">
                {t('header.team')}
              </Button>
            ) : null}
            {user ? (
              <Group gap={6} wrap="nowrap" visibleFrom="sm">
                <Text size="sm" fw={500} data-testid="current-user-name">
                  {user.name}
                </Text>
                <Badge size="sm" variant="light" color={ROLE_BADGES[user.role]?.color ?? 'gray'}>
                  {t(`roles.${ROLE_BADGES[user.role]?.labelKey ?? 'staff'}`)}
                </Badge>
              </Group>
            ) : null}
            <Button component={Link} to={ACCOUNT_PATH} variant="subtle" size="compact-md" visibleFrom="sm">
              {t('header.account')}
            </Button>
            <ActionIcon
              component={Link}
              to={ACCOUNT_PATH}
              variant="subtle"
              size="lg"
              hiddenFrom="sm"
              aria-label={t('header.account')}
            >
              <AccountIcon />
            </ActionIcon>
            <Button variant="default" size="compact-md" onClick={() => void navigate('/signout')}>
              {t('header.signOut')}
            </Button>
          </>
        ) : (
          <>
            <Button component={Link} to="/signin" variant="subtle" size="compact-md">
              {t('header.signIn')}
            </Button>
            <Button component={Link} to="/register" size="compact-md">
              {t('header.register')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
