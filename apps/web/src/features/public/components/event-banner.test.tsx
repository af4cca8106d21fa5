import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ClubLogo } from '../../clubs/components/club-logo';
import { EventBanner as FormBanner } from '../../events/components/event-banner';
import { EventBanner } from './event-banner';
import { i18n, startI18n } from '../../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('public');
});

const render = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

/**
 * Banners and logos may be addresses on other sites (the API takes http(s) URLs besides its own
 * uploads): they go only into an img src, escaped, never into a link, a style or the markup itself.
 */
describe('image addresses in the page', () => {
  const external = 'https://cdn.example.org/banner.png?a=1&b="x"><script>alert(1)</script>';
  const escaped = 'https://cdn.example.org/banner.png?a=1&amp;b=&quot;x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;';

  it.each([
    ['the public banner', <EventBanner key="b" event={{ id: 'e1', title: 'Regatta', bannerUrl: external }} />],
    ['the form preview', <FormBanner key="f" title="Regatta" bannerUrl={external} />],
    ['a club logo', <ClubLogo key="l" name="Harbour" logoUrl={external} />],
  ])('%s puts the address in an img src only', (_title, node) => {
    const html = render(node);
    expect(html).toContain(`src="${escaped}"`);
    expect(html).toMatch(/<img [^>]*src="https:\/\/cdn\.example\.org\//);
    expect(html).not.toContain('<script>');
    // Not a link to follow nor a CSS value (React's server render adds only an image preload hint).
    expect(html).not.toMatch(/<a\s/);
    expect(html).not.toContain('url(');
  });

  it('shows the placeholder, with no img, when there is no banner', () => {
    const html = render(<EventBanner event={{ id: 'e1', title: 'Regatta', bannerUrl: null }} />);
    expect(html).not.toContain('<img');
  });
});
