/**
 * The one check every redirect of the app passes (docs/product.md section 18): a target is kept only
 * as a path of this origin, with its query and hash; anything else answers null and the caller goes
 * to its default page. docs/decisions/0018-headers-redirects-and-clean-logs.md.
 *
 * Dropped: another origin (`https://evil.example`, `https:x` against an http origin), a scheme that
 * is no page (`javascript:`), a protocol-relative or backslashed start (`//x`, `/\x`), a path the
 * URL parser folds into one (`/.//x` becomes `//x`), the same spelled with escapes (`/%2F%2Fx`,
 * `/%5Cx`), and relative text (`x/y`), which would resolve against whatever page the user is on.
 */
export function sameOriginPath(target: string, origin: string): string | null {
  // The URL parser drops tabs and line breaks anywhere and trims control characters and spaces:
  // judge the target as the browser would read it, so `/\t/evil.example` is seen as `//evil.example`.
  // eslint-disable-next-line no-control-regex
  const text = target.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (isDoubleSlashed(text)) return null;
  let url: URL;
  try {
    // A path resolves against this origin; anything else must be a whole URL of its own.
    url = text.startsWith('/') ? new URL(text, origin) : new URL(text);
  } catch {
    return null;
  }
  if (url.origin !== origin || isDoubleSlashed(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** `//x` or `/\x`, also once its escapes are undone (`/%2F%2Fx`, `/%5Cx`, `/%252F%252Fx`). */
function isDoubleSlashed(path: string): boolean {
  let current = path;
  for (let round = 0; round < 4; round += 1) {
    if (/^[/\\][/\\]/.test(current)) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // A malformed escape is no path a router would follow to another host.
      return false;
    }
    if (decoded === current) return false;
    current = decoded;
  }
  return true;
}
