import { z } from 'zod';
import { said } from './validation-text';

/*
 * The catalogue's save calls (docs/product.md section 7: "an id means update"). Without an id the body
 * creates, must carry the fields that have no default, and the server fills in the defaults for the
 * rest. With an id the body updates and changes only the fields it carries: a field sent as null is
 * cleared, a field left out keeps its stored value. So these schemas never default a field: a field
 * left out stays undefined, and only a create is held to the required ones.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A save request: `required` are the fields a create must carry (an update may leave them out);
 * `rest` are the others, optional in both. A create missing a required field gets the message that
 * field's own schema gives for a missing value ("Title is required").
 */
export function saveRequest<R extends z.ZodRawShape, O extends z.ZodRawShape>(required: R, rest: O) {
  return z
    .object(required)
    .partial()
    .extend(rest)
    .superRefine(
      (value: unknown, ctx) => {
        if (!isRecord(value) || value.id !== undefined) return;
        for (const [field, schema] of Object.entries(required)) {
          if (value[field] !== undefined) continue;
          const missing = z.safeParse(schema, undefined);
          const message = missing.success
            ? said('{label} is required', { label: field })
            : (missing.error.issues[0]?.message ?? 'Required');
          ctx.addIssue({ code: 'custom', path: [field], message });
        }
      },
      // Even when other fields are wrong too, so a form marks every missing field at once.
      { when: () => true },
    )
    .meta({
      description:
        `Without an id: creates, and needs ${Object.keys(required).join(', ')}; the other fields take their defaults. ` +
        'With an id: updates only the fields sent (null clears a field, a field left out keeps its value).',
    });
}

/** Optional text: blank or null clears it (null); left out, it stays undefined (an update keeps it). */
export function clearableText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, said('{label} must be at most {max} characters', { label, max }))
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/** An instant as the API carries it (ISO string) or as a row holds it. */
export type Instant = string | Date | null | undefined;

/** Two instants of one entity that must not be out of order: `end` not before `start`. */
export interface InstantOrder<K extends string = string> {
  start: K;
  end: K;
  /** Said about `end`, the field the error names. */
  message: string;
}

const millisOf = (value: Instant) =>
  value === null || value === undefined ? undefined : typeof value === 'string' ? Date.parse(value) : value.getTime();

/**
 * The order rules that the values break, as field errors on the later field. A rule with either
 * instant missing or null holds. The save schemas check the instants a body carries; on an update
 * the server checks again over the stored row with the sent fields over it.
 */
export function instantOrderIssues<K extends string>(
  values: { [P in K]?: Instant },
  rules: readonly InstantOrder<K>[],
): { path: K; message: string }[] {
  return rules.flatMap((rule) => {
    const start = millisOf(values[rule.start]);
    const end = millisOf(values[rule.end]);
    return start !== undefined && end !== undefined && end < start ? [{ path: rule.end, message: rule.message }] : [];
  });
}

/** The save schema's check of the instants a body carries. */
export function checkInstantOrder<K extends string>(rules: readonly InstantOrder<K>[]) {
  return (value: { [P in K]?: Instant }, ctx: z.RefinementCtx) => {
    for (const issue of instantOrderIssues(value, rules)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  };
}
