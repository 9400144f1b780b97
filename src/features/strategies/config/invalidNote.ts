/** Why the preview shows no signals: how many fields to fix, and the first of them. */
export function invalidNote(errors: Readonly<Record<string, string>>): string {
  const entries = Object.entries(errors);
  const [first] = entries;
  if (!first) return 'the form is not complete.';
  const [field, message] = first;
  const where = field === '' ? '' : `${field}: `;
  return entries.length === 1 ? `fix ${where}${message}` : `fix ${entries.length} fields, first ${where}${message}`;
}
