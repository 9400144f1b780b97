import { PHONE_COUNTRY_CODE, PHONE_FIELD_MAX_LENGTH } from './constants';

/** The digits of a phone input, without a leading US country code 1 when 11 digits are given. */
function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * A US phone number in E.164 (spec §5): 10 digits become +1 and the digits; an 11-digit number starting with 1
 * becomes + and its digits. Anything else (or an invalid area/exchange code) is null.
 */
export function normalizeUsPhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  const national =
    digits.length === 10 ? digits : digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : null;
  if (!national || !/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return null;
  return `${PHONE_COUNTRY_CODE}${national}`;
}

export function isValidUsPhone(input: string): boolean {
  return normalizeUsPhone(input) !== null;
}

/** As the user types: (555) 123-4567, at most 14 characters (spec §5). */
export function formatUsPhone(input: string): string {
  const digits = nationalDigits(input).slice(0, 10);
  let text: string;
  if (digits.length === 0) text = '';
  else if (digits.length < 4) text = `(${digits}`;
  else if (digits.length < 7) text = `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  else text = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return text.slice(0, PHONE_FIELD_MAX_LENGTH);
}
