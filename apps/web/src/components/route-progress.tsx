import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { beginProgress } from '../api/progress';

/** Keeps the top progress bar running while a route (lazy page chunk, guard) is loading. */
export function RouteProgress() {
  const isNavigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!isNavigating) return undefined;
    return beginProgress();
  }, [isNavigating]);
  return null;
}
