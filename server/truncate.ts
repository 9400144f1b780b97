/**
 * `text` cut to at most `max` characters plus a note of what was left out, so that a hostile value (a
 * megabyte-long name, path or header) is never logged or echoed whole. Surrogate pairs are not split.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}
