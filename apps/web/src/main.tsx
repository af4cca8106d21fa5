import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import '@mantine/dropzone/styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { ModalsProvider } from '@mantine/modals';
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { configureApiClient } from './api/client';
import { queryClient } from './api/query-client';
import { PageLoader } from './components/page-loader';
import { PATHS, signInPage } from './session/guards';
import { forgetCachedData } from './features/auth/route-loaders';
import { getSession, onSessionChangedElsewhere } from './session/session';
import { startI18n } from './i18n/i18n';
import { routes } from './routes';
import { AfterFirstPage, watchFirstPage } from './after-first-page';
import { cssVariablesResolver, theme } from './theme';

type AppRouter = ReturnType<typeof createBrowserRouter>;
// Made once the language is loaded: the routes' loaders already speak (a guard's toast, an
// apiQueryMsg), and a router made before would run them with no words yet.
let router: AppRouter | null = null;

// Toasts, confirm dialogs and the progress bar (react-transition-group, Modal, focus trap) are not
// needed to show a page: they load once the first one is up (docs/decisions/0046-fast-first-load.md).
const AppOverlays = lazy(() => import('./app-overlays'));

configureApiClient({
  // The client has already signed out locally (docs/product.md section 8); leave the page for sign-in.
  onSessionEnded: () => {
    forgetCachedData(queryClient);
    // Back to the page being worked on once signed in again.
    if (router && router.state.location.pathname !== PATHS.signIn) {
      void router.navigate(signInPage(new URL(window.location.href)), { replace: true });
    }
  },
});

// Signed out (or in as someone else) in another tab: what this one holds is forgotten, and the
// route's guard is asked again, which sends a page that needs sign-in to the sign-in page; a page
// that stays (signed in as someone else) fetches what it shows again, with the new token.
onSessionChangedElsewhere(() => {
  forgetCachedData(queryClient);
  if (getSession().token) void queryClient.invalidateQueries();
  if (router) void router.revalidate();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The person's language and its common words are in place before the first screen (docs/product.md section 22).
// A promise, not a top-level await: the bundler turns off its chunk merging for a module graph with
// one, which split the first page into some 70 files (docs/decisions/0046-fast-first-load.md).
void startI18n().then(() => {
  const created = createBrowserRouter(routes);
  router = created;
  watchFirstPage(created, queryClient);
  render(container, created);
});

/**
 * Confirm dialogs, with their buttons in the language shown. Mounted with the app, not after the first
 * page as the toasts are: a dialog asked for before its provider is mounted would be lost.
 */
function DialogsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <ModalsProvider labels={{ confirm: t('actions.confirm'), cancel: t('actions.cancel') }}>{children}</ModalsProvider>
  );
}

function render(root: HTMLElement, appRouter: AppRouter) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        forceColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
      >
        <QueryClientProvider client={queryClient}>
          {/* A screen whose words are still loading (a language just picked, a feature's first visit). */}
          <DialogsProvider>
            <Suspense fallback={<PageLoader />}>
              <RouterProvider router={appRouter} />
            </Suspense>
          </DialogsProvider>
          <AfterFirstPage>
            <Suspense fallback={null}>
              <AppOverlays />
            </Suspense>
          </AfterFirstPage>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
