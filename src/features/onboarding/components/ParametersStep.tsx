import { useState, type ReactNode } from 'react';
import type { TradingParameters, TradingParametersInput } from '../../../domain/trading/parameters';
import { onboardingFailure, saveTradingParameters } from '../onboardingRest';
import { TradingParametersForm } from './TradingParametersForm';

export const SAVE_PARAMETERS_FAILED_TEXT = 'Failed to save parameters';

interface ParametersStepProps {
  parameters: TradingParameters;
  /** The step is done (these parameters saved): the wizard saves its progress and moves on. */
  onDone(saved: TradingParameters): Promise<void>;
  previous: ReactNode;
}

/** Step 2, Set Trading Parameters: POST /api/onboarding/parameters; a refusal at its field, else the spec's text. */
export function ParametersStep({ parameters, onDone, previous }: ParametersStepProps) {
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { tradingMode, ...editable } = parameters;
  const save = async (input: TradingParametersInput) => {
    setSaving(true);
    setFormError(null);
    try {
      const { tradingParameters } = await saveTradingParameters(input);
      await onDone({ ...tradingParameters, tradingMode });
      return {};
    } catch (error) {
      const failure = onboardingFailure(error, SAVE_PARAMETERS_FAILED_TEXT);
      if (failure.field && failure.field in editable) return { [failure.field]: failure.message };
      setFormError(failure.field ? failure.message : SAVE_PARAMETERS_FAILED_TEXT);
      return {};
    } finally {
      setSaving(false);
    }
  };
  return (
    <TradingParametersForm
      parameters={editable}
      submitLabel="Save and continue"
      submitting={saving}
      onSave={save}
      formError={formError}
      secondary={previous}
    />
  );
}
