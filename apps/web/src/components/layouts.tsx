import { AppShell, Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { AppHeader } from './app-header';
import { PageLoader } from './page-loader';
import { QuietHeader } from './quiet-header';

function isBuyerHandle(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'buyer' in handle && handle.buyer === true;
}

/**
 * Layout of every route but the club page: header and a centred content column. Buyer pages (their
 * route handle says `buyer`) get the quiet header; organisers' pages the one with sign-in.
 */
export function MainLayout() {
  const isBuyerPage = useMatches().some((match) => isBuyerHandle(match.handle));
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>{isBuyerPage ? <QuietHeader /> : <AppHeader />}</AppShell.Header>
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
