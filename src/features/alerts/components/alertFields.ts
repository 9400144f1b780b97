import type { AlertCondition } from '../../../graphql/generated/graphql';

/** The condition choice of the new-alert and edit dialogs. */
export const ALERT_CONDITIONS = [
  { value: 'above', label: 'Above' },
  { value: 'below', label: 'Below' },
] as const satisfies readonly { value: AlertCondition; label: string }[];

/** Longest alert message the server accepts (server/services/alerts/validation.ts). */
export const ALERT_MESSAGE_MAX_LENGTH = 200;
