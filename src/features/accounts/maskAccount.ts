/**
 * How an account number is shown (issue 14 point 8: masked): only its last 4 characters, after four dots. A number
 * of 4 characters or fewer is hidden whole, since its last 4 would be all of it.
 */
const VISIBLE = 4;
const DOTS = '••••';

export function maskAccountNumber(accountNumber: string): string {
  const trimmed = accountNumber.trim();
  return trimmed.length > VISIBLE ? `${DOTS}${trimmed.slice(-VISIBLE)}` : DOTS;
}
