/**
 * Scrolling to a field takes 300 ms (docs/product.md section 9, docs/product.md section 24): long enough to
 * see where the page went, short enough not to wait. The browser's own smooth scroll takes whatever
 * time it likes, so the page is moved here, frame by frame.
 */
export const SCROLL_DURATION_MS = 300;

/** Slow at both ends, as the eye follows it. */
export function easeInOutCubic(progress: number): number {
  return progress < 0.5 ? 4 * progress ** 3 : 1 - (-2 * progress + 2) ** 3 / 2;
}

/** Where the page stands `elapsed` ms into a scroll from `from` to `to`. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration = SCROLL_DURATION_MS): number {
  if (duration <= 0 || elapsed >= duration) return to;
  if (elapsed <= 0) return from;
  return from + (to - from) * easeInOutCubic(elapsed / duration);
}

/** What the animation needs from the browser; tests give a clock of their own. */
export interface ScrollHost {
  now: () => number;
  nextFrame: (step: (time: number) => void) => void;
  scrollY: () => number;
  scrollTo: (top: number) => void;
  reducedMotion: boolean;
}

const browserHost = (): ScrollHost => ({
  now: () => performance.now(),
  nextFrame: (step) => requestAnimationFrame(step),
  scrollY: () => window.scrollY,
  scrollTo: (top) => window.scrollTo({ top, behavior: 'instant' }),
  reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
});

/**
 * Scrolls the page to `to` in SCROLL_DURATION_MS; at once for someone who asked the system for less
 * motion. Resolves when the page is there.
 */
export function scrollPageTo(to: number, host: ScrollHost = browserHost()): Promise<void> {
  const from = host.scrollY();
  if (host.reducedMotion || Math.abs(to - from) < 1) {
    host.scrollTo(to);
    return Promise.resolve();
  }
  const start = host.now();
  return new Promise((resolve) => {
    const step = (time: number) => {
      const elapsed = time - start;
      host.scrollTo(scrollPositionAt(from, to, elapsed));
      if (elapsed >= SCROLL_DURATION_MS) resolve();
      else host.nextFrame(step);
    };
    host.nextFrame(step);
  });
}

/** The page position that puts an element in the middle of the window, as far as the page allows. */
export function centredTop(element: HTMLElement): number {
  const box = element.getBoundingClientRect();
  const target = window.scrollY + box.top + box.height / 2 - window.innerHeight / 2;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(target, max));
}

/** Brings a field to the middle of the window in 300 ms. */
export function scrollToField(element: HTMLElement): Promise<void> {
  return scrollPageTo(centredTop(element));
}
