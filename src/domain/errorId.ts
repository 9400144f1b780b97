/** Length of the random part of an error id. */
const RANDOM_PART_LENGTH = 9;

/**
 * An error id of the form `ERR_<timestamp>_<random>` (spec §2 error screens): the epoch milliseconds
 * and nine base-36 characters, so a user can quote it and it can be found in the error reports.
 */
export function createErrorId(now: number = Date.now(), random: () => number = Math.random): string {
  let suffix = '';
  while (suffix.length < RANDOM_PART_LENGTH) suffix += Math.floor(random() * 36).toString(36);
  return `ERR_${Math.trunc(now)}_${suffix}`;
}

export const ERROR_ID_PATTERN = /^ERR_\d+_[0-9a-z]{9}$/;
