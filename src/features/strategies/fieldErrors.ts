/** One field's refusal in a BAD_USER_INPUT answer (`extensions.fieldErrors` of the strategies API). */
interface FieldError {
  field: string;
  message: string;
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'field' in value &&
    'message' in value &&
    typeof value.field === 'string' &&
    typeof value.message === 'string'
  );
}

/**
 * The server's per-field messages of a failed request, keyed by the field's path without the argument's name
 * (`input.parameters.fast` and `parameters.fast` → `parameters.fast`; `symbols[0]` → `symbols`). The first message
 * of a field wins. Empty when the error names no field.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (typeof error !== 'object' || error === null || !('response' in error)) return found;
  const { response } = error as { response?: { errors?: unknown } };
  const errors = response?.errors;
  if (!Array.isArray(errors)) return found;
  for (const item of errors as { extensions?: { fieldErrors?: unknown } }[]) {
    const list = item.extensions?.fieldErrors;
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (!isFieldError(entry)) continue;
      const key = entry.field.replace(/^input\./, '').replace(/\[\d+\].*$/, '');
      found[key] ??= entry.message;
    }
  }
  return found;
}
