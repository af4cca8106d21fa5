// docs/product.md section 3: an event without a banner gets a generated blue gradient. Each event keeps
// one of these, picked from its id, so a page of events does not look like one repeated tile. Shared:
// the server draws the same banner in the event page's first paint (docs/decisions/0053-first-paint.md).
const GRADIENTS = [
  'linear-gradient(135deg, #1864ab 0%, #1c3f94 100%)',
  'linear-gradient(135deg, #1971c2 0%, #243b8f 100%)',
  'linear-gradient(160deg, #0b5394 0%, #1864ab 55%, #3b3f9e 100%)',
  'linear-gradient(120deg, #1c4f9c 0%, #1971c2 100%)',
  'linear-gradient(200deg, #1971c2 0%, #174a8b 60%, #2c2f7c 100%)',
] as const;

/** A stable pick for a seed (the event id): the same event always gets the same gradient. */
export function placeholderGradient(seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) >>> 0;
  return GRADIENTS[hash % GRADIENTS.length] ?? GRADIENTS[0];
}
