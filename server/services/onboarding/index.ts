/**
 * The onboarding wizard's status and its steps' writes (spec §3 Onboarding status, §4 Onboarding; issue 14 point 5;
 * REST in server/http/onboardingRoutes.ts). What can be read elsewhere is: brokerConnected (a connected broker
 * connection), tradingParametersSet (parameters of the user's own on their preferences). The wizard's own progress
 * (current step, mode chosen, completed, skipped) is the `onboarding` row, created on the first write.
 *
 * Rules:
 * - Every flag a client sends is checked against the truth: claiming a step done that is not is BAD_USER_INPUT
 *   naming the flag; a false flag changes nothing (a done step cannot be undone by saying so).
 * - Completing needs the trading parameters set and a mode selected (src/domain/onboarding.ts); the broker step
 *   may be left for later. Skipping is always allowed.
 * - Choosing live needs the risk confirmation and a live broker that can trade (the trading mode's own rule,
 *   ../trading/tradingMode.ts); either refusal writes nothing.
 * - Bad input writes nothing: everything is validated before the first write.
 */
import { eq, sql } from 'drizzle-orm';
import {
  missingForCompletion,
  parseOnboardingStep,
  type OnboardingStatus,
  type OnboardingStep,
} from '../../../src/domain/onboarding';
import {
  hasOwnParameters,
  resolveTradingParameters,
  validateModeChoice,
  type TradingParameters,
} from '../../../src/domain/trading/parameters';
import type { Database } from '../../db/client';
import { onboarding, preferences } from '../../db/schema';
import { AppError, badField } from '../errors';
import { updateTradingMode } from '../trading/tradingMode';
import { invalidParameters, storedParametersOf } from '../tradingParameters';

export interface OnboardingView {
  status: OnboardingStatus;
  tradingParameters: TradingParameters;
}

function asBody(input: unknown): Record<string, unknown> {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
  throw badField('body', 'The request body must be a JSON object.');
}

/** The user's status and parameters, in one statement. */
export async function loadOnboarding(db: Database, userId: string): Promise<OnboardingView> {
  const [row] = await db
    .select({
      preferences,
      progress: onboarding,
      brokerConnected: sql<boolean>`exists (select 1 from broker_connections
        where broker_connections.user_id = ${userId} and broker_connections.status = 'connected')`,
    })
    .from(preferences)
    .leftJoin(onboarding, eq(onboarding.userId, preferences.userId))
    .where(eq(preferences.userId, userId));
  if (!row) throw new Error(`user ${userId} has no preferences row`);
  const stored = storedParametersOf(row.preferences);
  return {
    status: {
      currentStep: row.progress?.currentStep ?? 'broker_selection',
      brokerConnected: Boolean(row.brokerConnected),
      tradingParametersSet: hasOwnParameters(stored),
      modeSelected: row.progress?.modeSelected ?? false,
      onboardingCompleted: row.progress?.completedAt != null,
      onboardingSkipped: row.progress?.skippedAt != null,
    },
    tradingParameters: resolveTradingParameters(stored),
  };
}

type ProgressChange = Partial<Pick<typeof onboarding.$inferInsert, 'currentStep' | 'modeSelected'>> & {
  completed?: true;
  skipped?: true;
};

/** Creates or updates the user's onboarding row (a completion or skip keeps its first time). */
async function writeProgress(db: Database, userId: string, change: ProgressChange): Promise<void> {
  const { completed, skipped, ...columns } = change;
  const set = {
    ...columns,
    ...(completed && { completedAt: sql`coalesce(${onboarding.completedAt}, now())` }),
    ...(skipped && { skippedAt: sql`coalesce(${onboarding.skippedAt}, now())` }),
    updatedAt: sql`now()`,
  };
  await db
    .insert(onboarding)
    .values({
      userId,
      ...columns,
      ...(completed && { completedAt: sql`now()` }),
      ...(skipped && { skippedAt: sql`now()` }),
    })
    .onConflictDoUpdate({ target: onboarding.userId, set });
}

/** The flags a client may claim, each with what is wrong when it claims one that is not true. */
const CLAIMS = {
  brokerConnected: 'no broker is connected yet',
  tradingParametersSet: 'no trading parameters have been saved yet',
  modeSelected: 'no trading mode has been chosen yet',
} as const;
const FLAGS = [...(Object.keys(CLAIMS) as (keyof typeof CLAIMS)[]), 'onboardingCompleted'] as const;
const STATUS_FIELDS: readonly string[] = ['step', ...FLAGS];

/** Throws BAD_USER_INPUT naming the first flag that is not a boolean, or claimed true while it is not. */
function checkClaims(body: Record<string, unknown>, truth: OnboardingStatus): void {
  const notBoolean = FLAGS.find((flag) => body[flag] !== undefined && typeof body[flag] !== 'boolean');
  if (notBoolean) throw badField(notBoolean, `${notBoolean} must be true or false.`);
  for (const [flag, problem] of Object.entries(CLAIMS) as [keyof typeof CLAIMS, string][]) {
    if (body[flag] === true && !truth[flag]) throw badField(flag, `${flag}: ${problem}.`);
  }
  const missing = body.onboardingCompleted === true ? missingForCompletion(truth) : null;
  if (missing) throw badField(missing.field, missing.error);
}

export interface OnboardingDependencies {
  db: Database;
  /** Saves validated trading parameters (../tradingParameters, with the caches it keeps in step). */
  saveParameters: (userId: string, input: unknown) => Promise<TradingParameters>;
  /** Called after the trading mode changed (the dashboard's cached status). */
  modeChanged?: (userId: string) => void;
}

export function createOnboardingService({ db, saveParameters, modeChanged }: OnboardingDependencies) {
  const load = (userId: string) => loadOnboarding(db, userId);

  /** Either the trading parameters, or `{ tradingMode, modeConfirmed }`. */
  async function saveStep(userId: string, input: unknown): Promise<OnboardingView> {
    const body = asBody(input);
    if (!('tradingMode' in body) && !('modeConfirmed' in body)) {
      await saveParameters(userId, body);
      return load(userId);
    }
    const choice = validateModeChoice(body);
    if (!choice.ok) throw invalidParameters(choice.errors);
    const result = await updateTradingMode(db, userId, { mode: choice.value.tradingMode });
    if (!result.success) {
      throw new AppError('live_trading_not_allowed', result.error ?? 'Live trading is not available.', {
        requiresBrokerSetup: result.requiresBrokerSetup,
      });
    }
    modeChanged?.(userId);
    await writeProgress(db, userId, { modeSelected: true });
    return load(userId);
  }

  /** Stores the current step (a name or 0..2); flags are checked, and onboardingCompleted completes. */
  async function updateStatus(userId: string, input: unknown): Promise<OnboardingStatus> {
    const body = asBody(input);
    const unknown = Object.keys(body).find((key) => !STATUS_FIELDS.includes(key));
    if (unknown !== undefined) throw badField(unknown, `${unknown} is not an onboarding status field.`);
    const step: OnboardingStep | null = parseOnboardingStep(body.step);
    if (!step) {
      throw badField('step', 'step must be 0, 1 or 2, or broker_selection, trading_parameters or mode_selection.');
    }
    checkClaims(body, (await load(userId)).status);
    await writeProgress(db, userId, {
      currentStep: step,
      ...(body.onboardingCompleted === true && { completed: true }),
    });
    return (await load(userId)).status;
  }

  async function complete(userId: string): Promise<OnboardingStatus> {
    const missing = missingForCompletion((await load(userId)).status);
    if (missing) throw badField(missing.field, missing.error);
    await writeProgress(db, userId, { completed: true });
    return (await load(userId)).status;
  }

  async function skip(userId: string): Promise<OnboardingStatus> {
    await writeProgress(db, userId, { skipped: true });
    return (await load(userId)).status;
  }

  return { load, saveStep, updateStatus, complete, skip };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
