import { PRODUCT_NAME, ROLE_ADMIN, ROLE_STAFF, ROLE_SUDO } from '@clubtix/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountIcon } from './account-icon';
import { ACCOUNT_PATH } from '../session/account-path';
import { PATHS } from '../session/guards';
import { useSession } from '../session/session';
import { BrandMark } from './brand-mark';
import { LanguagePicker } from './language-picker';

const ROLE_BADGES: Record<number, { labelKey: 'sudo' | 'admin' | 'staff'; color: string }> = {
  [ROLE_SUDO]: { labelKey: 'sudo', color: 'gold' },
  [ROLE_ADMIN]: { labelKey: 'admin', color: 'purple' },
  [ROLE_STAFF]: { labelKey: 'staff', color: 'gray' },
};

/** A door with an arrow leaving it, for Sign out on a phone, where its words do not fit; decorative. */
function SignOutIcon() {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none">
      <path d="M10 4H5v16h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      <path
        d="M14 8l4 4-4 4M18 12H9"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Header words a size smaller on a phone: "Tableau de bord" and "Iniciar sesión" must fit beside the rest. */
const NAV_FZ = { base: 'sm', sm: 'md' };

/**
 * Main-layout header. Each role sees what it may use (docs/product.md section 20): door staff their
 * dashboard (their events' door) and account, an admin the Team page too. Kept to a few short items
 * so it fits a 375px phone without a menu in every language (docs/product.md section 22): there the
 * product's name gives way to its mark, and My account and Sign out are icons with those names.
 */
export function AppHeader() {
  const { t } = useTranslation('common');
  const { token, user } = useSession();
  const navigate = useNavigate();
  const isSignedIn = Boolean(token);

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Anchor
        component={Link}
        to="/"
        underline="never"
        c="inherit"
        aria-label={t('header.home', { product: PRODUCT_NAME })}
      >
        <Group gap={8} wrap="nowrap">
          <BrandMark size={28} />
          <Text fw={800} fz="lg" c="purple.7" visibleFrom="xs">
            {PRODUCT_NAME}
          </Text>
        </Group>
      </Anchor>

      <Group component="nav" aria-label={t('header.main')} gap="xs" wrap="nowrap">
        <LanguagePicker />
        {isSignedIn ? (
          <>
            <Button component={Link} to="/dashboard" variant="subtle" size="compact-md" fz={NAV_FZ}>
              {t('header.dashboard')}
            </Button>
            {user?.role === ROLE_ADMIN ? (
              // Not on a phone, where the row is full: there the admin dashboard links the Team page.
              <Button component={Link} to={PATHS.team} variant="subtle" size="compact-md" visibleFrom="sm">
                {t('header.team')}
              </Button>
            ) : null}
            {user?.role === ROLE_ADMIN ? (
              // From a wide desktop only, where the row has room beside a long name in every language; narrower, the
              // dashboard's events list links the series.
              <Button component={Link} to={PATHS.series} variant="subtle" size="compact-md" visibleFrom="lg">
                {t('header.series')}
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
            <Button variant="default" size="compact-md" visibleFrom="sm" onClick={() => void navigate('/signout')}>
              {t('header.signOut')}
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              hiddenFrom="sm"
              aria-label={t('header.signOut')}
              onClick={() => void navigate('/signout')}
            >
              <SignOutIcon />
            </ActionIcon>
          </>
        ) : (
          <>
            <Button component={Link} to="/signin" variant="subtle" size="compact-md" fz={NAV_FZ}>
              {t('header.signIn')}
            </Button>
            <Button component={Link} to="/register" size="compact-md" fz={NAV_FZ}>
              {t('header.register')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
