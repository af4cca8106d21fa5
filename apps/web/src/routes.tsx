import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { DocumentTitle, type RouteHandle } from './components/document-title';
import { BareLayout, MainLayout } from './components/layouts';
import { PageLoader } from './components/page-loader';
import { BUYER_ROUTE_PATHS } from './components/quiet-header';
import { RouteError } from './components/route-error';
import { RouteProgress } from './components/route-progress';
import type { RouteAccess } from './session/guards';
import { ACCOUNT_PATH } from './session/account-path';
import type englishCommon from './i18n/locales/en/common.json';
import { dashboardLoader, routeLoader, signOutLoader, unknownRouteLoader } from './features/auth/route-loaders';
import { askForEventBySlug } from './features/public/event-by-slug-loader';
import { preloadNamespaces } from './i18n/i18n';

type PageModule = Promise<{ default: ComponentType }>;

/** The key of a route's title under `routes` in the common catalogue. */
type RouteTitleKey = keyof (typeof englishCommon)['routes'];

interface PageRoute {
  path: string;
  titleKey: RouteTitleKey;
  access: RouteAccess;
  page: () => PageModule;
  /** Replaces the plain guard loader for routes that redirect by themselves. */
  loader?: (...args: Parameters<ReturnType<typeof routeLoader>>) => Response | null | Promise<Response | null>;
  /** Catalogues fetched beside the page's code: a buyer's first pages (docs/decisions/0046-fast-first-load.md). */
  namespaces?: readonly string[];
}

const BUYER_NAMESPACES = ['public', 'buying'] as const;

/**
 * docs/product.md section 2, in its order. Static segments outrank `:slug`, so /pricing is not a slug.
 * Titles (keys of the common catalogue's `routes`, docs/product.md section 22) use the SPEC's words for each route, "event" where its paths say "tour" (docs/product.md section 1:
 * "events (called tours)"); a screen's heading says the same words (docs/decisions/0022).
 */
const mainRoutes: PageRoute[] = [
  { path: '/', titleKey: 'homepage', access: 'public', page: () => import('./features/home/pages/landing-page') },
  {
    path: '/register',
    titleKey: 'register',
    access: 'signedOut',
    page: () => import('./features/auth/pages/register-page'),
  },
  {
    path: '/signin',
    titleKey: 'signIn',
    access: 'signedOut',
    page: () => import('./features/auth/pages/sign-in-page'),
  },
  {
    path: '/forgot-password',
    titleKey: 'forgotPassword',
    access: 'signedOut',
    page: () => import('./features/auth/pages/forgot-password-page'),
  },
  {
    // Public: an invitation's link may be opened in a browser where someone else is signed in.
    path: '/set-password',
    titleKey: 'setPassword',
    access: 'public',
    page: () => import('./features/auth/pages/set-password-page'),
  },
  {
    path: '/signout',
    titleKey: 'signOut',
    access: 'signedIn',
    page: () => import('./features/auth/pages/redirecting-page'),
    loader: signOutLoader,
  },
  {
    path: '/dashboard',
    titleKey: 'dashboard',
    access: 'signedIn',
    page: () => import('./features/auth/pages/redirecting-page'),
    loader: dashboardLoader,
  },
  {
    path: '/dashboard/sudo',
    titleKey: 'sudoDashboard',
    access: 'sudo',
    page: () => import('./features/dashboard/pages/sudo-dashboard-page'),
  },
  {
    path: '/dashboard/admin',
    titleKey: 'adminDashboard',
    access: 'admin',
    page: () => import('./features/dashboard/pages/admin-dashboard-page'),
  },
  {
    path: '/dashboard/staff',
    titleKey: 'staffDashboard',
    access: 'staff',
    page: () => import('./features/dashboard/pages/staff-dashboard-page'),
  },
  { path: '/team', titleKey: 'team', access: 'admin', page: () => import('./features/users/pages/team-page') },
  {
    path: ACCOUNT_PATH,
    titleKey: 'account',
    access: 'signedIn',
    page: () => import('./features/account/pages/account-page'),
  },
  {
    path: '/club/add',
    titleKey: 'addClub',
    access: 'sudo',
    page: () => import('./features/clubs/pages/add-club-page'),
  },
  {
    path: '/club/edit/:clubId?',
    titleKey: 'editClub',
    access: 'manager',
    page: () => import('./features/clubs/pages/edit-club-page'),
  },
  {
    path: '/club/:clubId/credential',
    titleKey: 'credentials',
    access: 'sudo',
    page: () => import('./features/clubs/pages/credential-page'),
  },
  {
    path: '/tour/add',
    titleKey: 'addEvent',
    access: 'admin',
    page: () => import('./features/events/pages/add-event-page'),
  },
  {
    path: '/tour/edit/:eventId?',
    titleKey: 'editEvent',
    access: 'admin',
    page: () => import('./features/events/pages/edit-event-page'),
  },
  {
    path: '/event/:eventId/tickets',
    titleKey: 'tickets',
    access: 'admin',
    page: () => import('./features/tickets/pages/tickets-page'),
  },
  {
    path: '/event/:eventId/extras',
    titleKey: 'extras',
    access: 'admin',
    page: () => import('./features/extras/pages/extras-page'),
  },
  {
    path: '/event/:eventId/discounts',
    titleKey: 'discounts',
    access: 'admin',
    page: () => import('./features/discounts/pages/discounts-page'),
  },
  {
    path: '/event/:eventId/waitlist',
    titleKey: 'waitlist',
    access: 'admin',
    page: () => import('./features/waitlist/pages/waitlist-page'),
  },
  {
    path: '/event/:eventId/sponsorships',
    titleKey: 'sponsorships',
    access: 'admin',
    page: () => import('./features/sponsorships/pages/sponsorships-page'),
  },
  {
    path: '/event/:eventId/sponsorship-packages',
    titleKey: 'sponsorshipPackages',
    access: 'admin',
    page: () => import('./features/sponsorship-packages/pages/sponsorship-packages-page'),
  },
  {
    path: '/event/:eventId/attendees',
    titleKey: 'attendees',
    access: 'admin',
    page: () => import('./features/attendees/pages/attendees-page'),
  },
  {
    path: '/event/:eventId/statistics',
    titleKey: 'statistics',
    access: 'door',
    page: () => import('./features/checkin/pages/statistics-page'),
  },
  {
    path: '/event/:eventId/messages',
    titleKey: 'messages',
    access: 'admin',
    page: () => import('./features/messages/pages/messages-page'),
  },
  {
    path: '/event/:eventId/sales',
    titleKey: 'sales',
    access: 'admin',
    page: () => import('./features/report/pages/sales-page'),
  },
  {
    path: '/event/:eventId/checkin',
    titleKey: 'checkin',
    access: 'door',
    page: () => import('./features/checkin/pages/checkin-page'),
  },
  {
    // Where the installed door starts (docs/decisions/0037-installable-offline-door.md).
    path: '/door',
    titleKey: 'checkin',
    access: 'door',
    page: () => import('./features/checkin/pages/door-start-page'),
  },
  {
    path: '/event/:eventId/box-office',
    titleKey: 'boxOffice',
    access: 'door',
    page: () => import('./features/boxoffice/pages/box-office-page'),
  },
  {
    path: '/event/:eventId/donation',
    titleKey: 'donation',
    access: 'public',
    page: () => import('./features/public/pages/donation-page'),
  },
  {
    path: '/event/:eventId/qr/:registrationId/:attendeeId/:qrUuid',
    titleKey: 'qrCode',
    access: 'public',
    page: () => import('./features/buying/pages/qr-viewer-page'),
  },
  {
    path: '/series',
    titleKey: 'series',
    access: 'admin',
    page: () => import('./features/series/pages/series-list-page'),
  },
  {
    path: '/series/edit/:seriesId',
    titleKey: 'editSeries',
    access: 'admin',
    page: () => import('./features/series/pages/series-page'),
  },
  {
    // A season's public page (DECISIONS 18); `series` outranks `:slug`, so it is no event address.
    path: '/series/:slug',
    titleKey: 'seriesPage',
    access: 'public',
    page: () => import('./features/public/pages/series-page'),
    namespaces: BUYER_NAMESPACES,
  },
  {
    path: '/form-builder',
    titleKey: 'formBuilder',
    access: 'admin',
    page: () => import('./features/forms/pages/form-builder-page'),
  },
  {
    path: '/import',
    titleKey: 'importAttendees',
    access: 'admin',
    page: () => import('./features/attendees/pages/import-page'),
  },
  {
    path: '/:slug/tickets',
    titleKey: 'tickets',
    access: 'public',
    page: () => import('./features/buying/pages/tickets-page'),
    namespaces: BUYER_NAMESPACES,
  },
  {
    path: '/:slug/attendee-form',
    titleKey: 'attendeeForm',
    access: 'public',
    page: () => import('./features/buying/pages/attendee-form-page'),
    namespaces: BUYER_NAMESPACES,
  },
  {
    path: '/:slug/checkout',
    titleKey: 'checkout',
    access: 'public',
    page: () => import('./features/buying/pages/checkout-page'),
    namespaces: BUYER_NAMESPACES,
  },
  {
    path: '/:slug/confirm',
    titleKey: 'confirmBooking',
    access: 'public',
    page: () => import('./features/buying/pages/confirm-booking-page'),
    namespaces: BUYER_NAMESPACES,
  },
  {
    path: '/:slug/success',
    titleKey: 'success',
    access: 'public',
    page: () => import('./features/buying/pages/success-page'),
    namespaces: BUYER_NAMESPACES,
  },
  {
    path: '/pricing',
    titleKey: 'donationPage',
    access: 'public',
    page: () => import('./features/public/pages/pricing-page'),
  },
  {
    path: '/:slug',
    titleKey: 'eventRegistration',
    access: 'public',
    page: () => import('./features/public/pages/event-page'),
    namespaces: BUYER_NAMESPACES,
    loader: routeLoader('public', askForEventBySlug),
  },
  {
    path: '/not-found/:status?/:message?',
    titleKey: 'notFound',
    access: 'public',
    page: () => import('./features/home/pages/not-found-page'),
  },
  {
    path: '*',
    titleKey: 'notFound',
    access: 'public',
    page: () => import('./features/home/pages/not-found-page'),
    loader: unknownRouteLoader,
  },
];

const bareRoutes: PageRoute[] = [
  {
    path: '/club/:clubId/event',
    titleKey: 'club',
    access: 'public',
    page: () => import('./features/public/pages/club-page'),
  },
];

function toRouteObject(route: PageRoute): RouteObject {
  const handle: RouteHandle = { titleKey: route.titleKey, buyer: BUYER_ROUTE_PATHS.has(route.path) };
  return {
    path: route.path,
    handle,
    loader: route.loader ?? routeLoader(route.access),
    lazy: {
      Component: async () => {
        const [page] = await Promise.all([route.page(), route.namespaces && preloadNamespaces(route.namespaces)]);
        return page.default;
      },
    },
    // Per page, so a failing page keeps the header and its links.
    ErrorBoundary: RouteError,
  };
}

function Root() {
  return (
    <>
      <DocumentTitle />
      <RouteProgress />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { Component: MainLayout, children: mainRoutes.map(toRouteObject) },
      { Component: BareLayout, children: bareRoutes.map(toRouteObject) },
    ],
  },
];

/** Route title keys by path pattern, for tests and for checking every docs/product.md route is declared. */
export const routeTitles: ReadonlyArray<{ path: string; titleKey: RouteTitleKey; access: RouteAccess }> = [
  ...mainRoutes,
  ...bareRoutes,
].map(({ path, titleKey, access }) => ({ path, titleKey, access }));
