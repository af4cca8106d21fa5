import { isLanguage, issueText, loadContractLocale } from '@clubtix/contract';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { currentLanguage, i18n } from '../i18n/i18n';

/**
 * The contract's messages in the language shown, fetched when it is picked (a chunk per language), so
 * they are there by the time a form is checked; until then a form speaks English.
 */
function loadContractWords(language: string): void {
  if (isLanguage(language)) loadContractLocale(language).catch(() => undefined);
}
loadContractWords(currentLanguage());
i18n.on('languageChanged', loadContractWords);

interface SchemaFormOptions<V> {
  /**
   * Builds the request the schema checks from the form values, for forms whose fields differ from
   * the request (money typed in major units, a date and a time for one instant).
   */
  toRequest?: (values: V) => unknown;
  /** Request paths shown on another field: `{ registrationOpensAt: 'registrationOpensDate' }`. */
  fieldOf?: Record<string, string>;
  /**
   * Checks of the typed values themselves; their messages win over the schema's for the same field,
   * and a field set to null silences the schema there (its message would name the request's field,
   * while the check has already named the form field at fault).
   */
  check?: (values: V) => FormErrors;
}

/** Moves errors from request paths to the form fields that hold them. */
export function renameErrors(errors: FormErrors, fieldOf: Record<string, string> = {}): FormErrors {
  const result: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = fieldOf[path] ?? path;
    if (!(field in result)) result[field] = message;
  }
  return result;
}

function withoutEmpty(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== null && message !== undefined));
}

/**
 * The schema's issues as form errors, the first one per field, each said in the language shown with
 * the contract's issueText, as the server says them (docs/decisions/0047-server-messages.md). The
 * parse keeps each issue's input: zod names the type it received from it.
 */
export function schemaErrors(schema: z.ZodType, values: unknown): FormErrors {
  const result = schema.safeParse(values, { reportInput: true });
  if (result.success) return {};
  const language = currentLanguage();
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path] === undefined) errors[path] = issueText(issue, language);
  }
  return errors;
}

/**
 * Checks a field on leaving it, once its value has changed. Passing an untouched empty field (or
 * clicking Save from the first field) then shows no error under it: that error would push the
 * form down while the pointer is on its way to the button, and the click would miss.
 */
export function validateIfChanged<V>(form: UseFormReturnType<V>, path: string): void {
  if (form.isDirty(path)) void form.validateField(path);
}

/**
 * A Mantine form validated by a contract schema, so the client checks input with the very rules
 * the server applies (docs/architecture.md convention 7). Fields validate on blur once changed, and
 * all of them on submit.
 */
export function useSchemaForm<V extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: V,
  options: SchemaFormOptions<V> = {},
) {
  const resolve = (values: unknown) => schemaErrors(schema, values);
  const { toRequest, fieldOf, check } = options;
  return useForm<V>({
    mode: 'controlled',
    initialValues,
    validate:
      toRequest || check
        ? (values) =>
            withoutEmpty({
              ...renameErrors(resolve(toRequest ? toRequest(values) : values), fieldOf),
              ...(check ? check(values) : {}),
            })
        : resolve,
    enhanceGetInputProps: ({ field, form, options }) =>
      options.withFocus === false ? undefined : { onBlur: () => validateIfChanged(form, String(field)) },
  });
}
