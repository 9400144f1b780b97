/** Why the preview shows no signals: how many fields to fix, and the first message. */
export function invalidNote(errors: Readonly<Record<string, string>>): string {
  const messages = Object.values(errors);
  if (messages.length === 0) return 'the form is not complete.';
  const count = messages.length === 1 ? '1 field to fix' : `${messages.length} fields to fix`;
  return `${count} (${messages[0]}).`;
}
