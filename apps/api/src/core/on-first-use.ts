/**
 * A package the server needs only for some requests (images, ticket PDFs, wallet passes, SMTP mail),
 * imported when the first of them asks rather than at start, so `npm start` is healthy sooner
 * (docs/performance.md, "Start-up"). Loaded once; a failed load is tried again next time.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

export const loadSharp = onFirstUse(async () => (await import('sharp')).default);
