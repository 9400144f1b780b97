import { OTP_CODE_LENGTH } from '../constants';

/** Spec §5 Code: what the code field keeps of typed or pasted text — digits only, at most 6. */
export function sanitizeCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH);
}

/** A complete code: exactly 6 digits. */
export function isCompleteCode(code: string): boolean {
  return code.length === OTP_CODE_LENGTH && /^\d+$/.test(code);
}
