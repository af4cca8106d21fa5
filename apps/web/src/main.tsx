import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import '@mantine/dropzone/styles.css';

import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { configureApiClient } from './api/client';
import { queryClient } from './api/query-client';
import { PageLoader } from './components/page-loader';
import { PATHS, signInPage } from './features/auth/guards';
import { forgetCachedData } from './features/auth/route-loaders';
import { getSession, onSessionChangedElsewhere } from './features/auth/session';
import { startI18n } from './i18n/i18n';
import { routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

const router = createBrowserRouter(routes);

configureApiClient({
  // The client has already signed out locally (docs/product.md section 8); leave the page for sign-in.
  onSessionEnded: () => {
    forgetCachedData(queryClient);
    // Back to the page being worked on once signed in again.
    if (router.state.location.pathname !== PATHS.signIn) {
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
  void router.revalidate();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The person's language and its common words are in place before the first screen (docs/product.md section 22).
await startI18n();

/**
 * The providers, with Mantine's own words (the dialog buttons, the progress bar) in the language
 * shown, re-rendered when it changes (the theme names the close and eye buttons, theme.ts). The
 * common words are loaded before the first render and before a change of language takes effect, so
 * this never waits for them.
 */
function App() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      forceColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <NavigationProgress size={3} aria-label={t('loading')} />
      <Notifications position="bottom-left" limit={3} zIndex={1000} pauseResetOnHover="notification" />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: t('actions.confirm'), cancel: t('actions.cancel') }}>
          {/* A screen whose words are still loading (a language just picked, a feature's first visit). */}
          <Suspense fallback={<PageLoader />}>
            <RouterProvider router={router} />
          </Suspense>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
