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

/** A field's path as the forms key it: without the argument's name and below a list's item. */
function fieldKey(path: string): string {
  return path.replace(/^input\./, '').replace(/\[\d+\].*$/, '');
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
      found[fieldKey(entry.field)] ??= entry.message;
    }
  }
  return found;
}

const FIELD_MESSAGE = /^([A-Za-z][\w.[\]]*): (.+)$/s;

/**
 * The per-field messages of a refusal as the outbox keeps it (the server's message text, `field: message` parts
 * joined by '; '), keyed like `serverFieldErrors`; parts that name no field go under ''.
 */
export function fieldErrorsFromMessage(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of text.split('; ')) {
    const match = FIELD_MESSAGE.exec(part);
    const key = match ? fieldKey(match[1]!) : '';
    const message = match ? match[2]! : part;
    found[key] = found[key] === undefined ? message : key === '' ? `${found[key]}; ${message}` : found[key];
  }
  return found;
}
