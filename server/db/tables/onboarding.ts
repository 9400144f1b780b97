// The onboarding wizard's progress (spec §3 Onboarding status, §4 Onboarding; issue 14 point 5).
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core';
import type { OnboardingStep } from '../../../src/domain/onboarding';
import { timestamptz, updatedAt } from '../columns';
import { userIdPrimaryKey } from '../userColumns';

/**
 * One row per user who has been through (part of) the wizard; no row is a user who has not started it. Only what
 * cannot be read elsewhere is kept: whether trading parameters are set is read from `preferences` and whether a
 * broker is connected from `broker_connections` (server/services/onboarding).
 */
export const onboarding = pgTable(
  'onboarding',
  {
    userId: userIdPrimaryKey(),
    currentStep: text('current_step').$type<OnboardingStep>().notNull().default('broker_selection'),
    /** The user chose paper or live in the wizard's mode step. */
    modeSelected: boolean('mode_selected').notNull().default(false),
    completedAt: timestamptz('completed_at'),
    skippedAt: timestamptz('skipped_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'onboarding_current_step_check',
      sql`${table.currentStep} in ('broker_selection', 'trading_parameters', 'mode_selection')`,
    ),
  ],
);
