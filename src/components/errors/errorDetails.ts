import type { CapturedError } from './reporter';

/** The text "Copy details" puts on the clipboard: id, message and stack. */
export function errorDetailsText(errorId: string, error: CapturedError): string {
  const lines = [`Error ID: ${errorId}`, `Message: ${error.message}`];
  if (error.stack) lines.push('Stack:', error.stack);
  return lines.join('\n');
}
