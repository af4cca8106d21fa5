import { AppShell, Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import { PageLoader } from './page-loader';

/** Layout of every route but the club page: header and a centred content column. */
export function MainLayout() {
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/** Layout without header, for the public club page (/club/{clubId}/event) that clubs share or embed. */
export function BareLayout() {
  return (
    <Container component="main" size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Container>
  );
}
