import { PHONE_COUNTRY_CODE, PHONE_FIELD_MAX_LENGTH } from './constants';

/**
 * US phone numbers (spec §5). What is accepted is a question of form only: 10 digits, or 11 digits starting
 * with the country code 1, written with the usual separators (spaces, dots, dashes, parentheses, a leading +).
 * Whether the number can receive an SMS is the SMS provider's verdict (invalid_phone_number,
 * inactive_phone_number, mapped by the server's adapter), so area and exchange codes are not second-guessed
 * here: the spec's own example, (555) 123-4567, has exchange 123.
 */

/** Characters a typed or pasted US number may contain besides its digits. */
const COMMON_FORM = /^\+?[\d\s().-]*$/;

/** The digits of a phone input, without a leading US country code 1 when 11 digits are given. */
function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * A US phone number in E.164 (spec §5): 10 digits become +1 and the digits; an 11-digit number starting with 1
 * becomes + and its digits. Anything else (too few or too many digits, letters, an extension) is null.
 */
export function normalizeUsPhone(input: string): string | null {
  const text = input.trim();
  if (!COMMON_FORM.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10) return `${PHONE_COUNTRY_CODE}${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

export function isValidUsPhone(input: string): boolean {
  return normalizeUsPhone(input) !== null;
}

/**
 * As the user types or pastes: (555) 123-4567, at most 14 characters (spec §5). A leading country code 1 is
 * dropped once the eleventh digit arrives, so "+1 555 123 4567" shows as (555) 123-4567.
 */
export function formatUsPhone(input: string): string {
  const digits = nationalDigits(input).slice(0, 10);
  let text: string;
  if (digits.length === 0) text = '';
  else if (digits.length < 4) text = `(${digits}`;
  else if (digits.length < 7) text = `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  else text = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return text.slice(0, PHONE_FIELD_MAX_LENGTH);
}
