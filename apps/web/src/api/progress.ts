import { nprogress } from '@mantine/nprogress';

// The "progress flag" of docs/product.md section 2: set while any request or route load is running.
// A counter, because requests overlap and the bar must stay until the last one ends.
let running = 0;

/** Marks work as started; the returned function marks it done (calling it twice is harmless). */
export function beginProgress(): () => void {
  running += 1;
  if (running === 1) nprogress.start();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    running -= 1;
    if (running === 0) nprogress.complete();
  };
}

export function isProgressRunning(): boolean {
  return running > 0;
}
