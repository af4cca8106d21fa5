import type { BrowserContext } from 'playwright-core';

/**
 * Content-Security-Policy violations seen in the browser since the last look. Every page of
 * newPage (helpers.ts) reports here, and csp-setup.ts fails the test that saw any: a page that the
 * policy breaks (a script, a frame, a style, a connection refused) fails its own spec, not only a
 * user's browser. docs/decisions/0018-headers-redirects-and-clean-logs.md.
 */
const seen: string[] = [];

export async function watchCsp(context: BrowserContext): Promise<void> {
  // The browser's own event, read through a binding: neither is subject to the page's policy.
  await context.exposeBinding('__clubtixCspViolation', ({ frame }, text: string) => {
    seen.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __clubtixCspViolation?: (text: string) => void }).__clubtixCspViolation;
      report?.(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  // Chrome also writes every violation to the console, including those of a document being framed.
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      seen.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
    }
  });
}

/** The violations seen since the last call, which forgets them. */
export function takeCspViolations(): string[] {
  return seen.splice(0);
}
