import { Button, chakra, Field, Fieldset, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { LabeledSwitch } from '../../../components/form/LabeledSwitch';
import { NumberField } from '../../../components/form/NumberField';
import { SelectField } from '../../../components/form/SelectField';
import type { RiskTolerance } from '../../../domain/constants';
import {
  ASSET_PREFERENCES,
  PARAMETER_BOUNDS,
  presetParameters,
  RISK_TOLERANCES,
  TRADING_HOURS_CHOICES,
  type PreferredTradingHours,
  type TradingParametersInput,
} from '../../../domain/trading/parameters';
import {
  ASSET_LABELS,
  assetSelectionError,
  canSaveDraft,
  checkDraft,
  draftFromParameters,
  PREFERRED_HOURS_LABELS,
  sameDraft,
  withAssetToggled,
  withRiskPreset,
  type ParameterErrors,
  type ParametersDraft,
} from '../parametersForm';

/** Each preset with the values it fills (allocation, max position size, daily loss limit). */
const RISK_OPTIONS = RISK_TOLERANCES.map((value) => {
  const preset = presetParameters(value);
  const name = `${value[0]?.toUpperCase() ?? ''}${value.slice(1)}`;
  const limits = `${preset.accountSizeAllocation}%, $${preset.maxPositionSize.toLocaleString('en-US')}, $${preset.dailyLossLimit.toLocaleString('en-US')}`;
  return { value, label: `${name} (${limits})` };
});
const isRisk = (value: string): value is RiskTolerance => (RISK_TOLERANCES as readonly string[]).includes(value);
const HOURS_OPTIONS = TRADING_HOURS_CHOICES.map((value) => ({ value, label: PREFERRED_HOURS_LABELS[value] }));
const isHours = (value: string): value is PreferredTradingHours =>
  (TRADING_HOURS_CHOICES as readonly string[]).includes(value);

interface TradingParametersFormProps {
  /** The parameters in force (the form starts from them). */
  parameters: TradingParametersInput;
  submitLabel: string;
  submitting: boolean;
  /** Saves valid parameters; resolves to the field errors the server named (empty when saved). */
  onSave(parameters: TradingParametersInput): Promise<ParameterErrors>;
  /** The refusal not tied to a field ('Failed to save parameters' or the server's text), or null. */
  formError?: string | null;
  /** Only offer saving once something changed (Settings), or always (the wizard's step). */
  requireChange?: boolean;
  /** Shown left of the save button (the wizard's Previous). */
  secondary?: ReactNode;
}

/**
 * The trading parameters form (spec §2 parameters step, §5; rules in ../parametersForm.ts), one form for the
 * wizard's step and the Settings section: risk tolerance presets, the allocation slider, the two dollar limits,
 * trading hours and asset types.
 */
export function TradingParametersForm(props: TradingParametersFormProps) {
  const { parameters, submitLabel, submitting, onSave, formError, requireChange = false, secondary } = props;
  const [saved, setSaved] = useState(() => draftFromParameters(parameters));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<ParameterErrors>({});
  const allocationId = useId();
  const change = (next: ParametersDraft) => {
    setDraft(next);
    setErrors({});
  };
  const assetError = assetSelectionError(draft);
  const unchanged = requireChange && sameDraft(draft, saved);
  const {
    accountSizeAllocation: allocation,
    maxPositionSize: maxPosition,
    dailyLossLimit: lossLimit,
  } = PARAMETER_BOUNDS;

  const submit = async () => {
    const checked = checkDraft(draft);
    if (!checked.ok) return setErrors(checked.errors);
    const refused = await onSave(checked.value);
    setErrors(refused);
    if (Object.keys(refused).length === 0) setSaved(draft);
  };

  return (
    <Stack
      as="form"
      gap="6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="1">
        <SelectField
          label="Risk tolerance"
          value={draft.riskTolerance}
          options={RISK_OPTIONS}
          onChange={(value) => {
            if (isRisk(value)) change(withRiskPreset(draft, value));
          }}
        />
        <Text textStyle="xs" color="fg.muted">
          Choosing one fills in its allocation, max position size and daily loss limit; you can adjust each below.
        </Text>
      </Stack>

      <Field.Root invalid={Boolean(errors.accountSizeAllocation)}>
        <HStack justify="space-between" w="full">
          <Field.Label htmlFor={allocationId}>Account size allocation</Field.Label>
          <Text textStyle="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {draft.accountSizeAllocation}%
          </Text>
        </HStack>
        <chakra.input
          id={allocationId}
          type="range"
          min={allocation.min}
          max={allocation.max}
          step={allocation.step}
          value={draft.accountSizeAllocation}
          onChange={(event) => change({ ...draft, accountSizeAllocation: Number(event.currentTarget.value) })}
          aria-valuetext={`${draft.accountSizeAllocation}%`}
          w="full"
          h="6"
          cursor="pointer"
          css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
        />
        {errors.accountSizeAllocation ? (
          <Field.ErrorText>{errors.accountSizeAllocation}</Field.ErrorText>
        ) : (
          <Field.HelperText>The share of your account's equity your positions may take.</Field.HelperText>
        )}
      </Field.Root>

      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <NumberField
          label="Max position size ($)"
          value={draft.maxPositionSize}
          onChange={(value) => change({ ...draft, maxPositionSize: value })}
          min={maxPosition.min}
          step={maxPosition.step}
          fractionDigits={0}
          helper="The most one position may be worth."
          error={errors.maxPositionSize ?? null}
        />
        <NumberField
          label="Daily loss limit ($)"
          value={draft.dailyLossLimit}
          onChange={(value) => change({ ...draft, dailyLossLimit: value })}
          min={lossLimit.min}
          step={lossLimit.step}
          fractionDigits={0}
          helper="Trading stops for the day past this loss."
          error={errors.dailyLossLimit ?? null}
        />
      </SimpleGrid>

      <Stack gap="1">
        <SelectField
          label="Trading hours"
          value={draft.preferredTradingHours}
          options={HOURS_OPTIONS}
          onChange={(value) => {
            if (isHours(value)) change({ ...draft, preferredTradingHours: value });
          }}
        />
        {errors.preferredTradingHours ? (
          <Text textStyle="sm" color="fg.error">
            {errors.preferredTradingHours}
          </Text>
        ) : null}
      </Stack>

      <Fieldset.Root invalid={Boolean(assetError ?? errors.assetPreferences)}>
        <Fieldset.Legend fontWeight="medium" textStyle="sm">
          Asset types
        </Fieldset.Legend>
        <Fieldset.Content gap="0">
          <SimpleGrid columns={{ base: 1, sm: 2 }} columnGap="8">
            {ASSET_PREFERENCES.map((asset) => (
              <LabeledSwitch
                key={asset}
                label={ASSET_LABELS[asset]}
                checked={draft.assetPreferences.includes(asset)}
                onChange={(selected) => change(withAssetToggled(draft, asset, selected))}
              />
            ))}
          </SimpleGrid>
        </Fieldset.Content>
        {(assetError ?? errors.assetPreferences) ? (
          <Fieldset.ErrorText>{assetError ?? errors.assetPreferences}</Fieldset.ErrorText>
        ) : null}
      </Fieldset.Root>

      {formError ? (
        <Text role="alert" color="fg.error" textStyle="sm">
          {formError}
        </Text>
      ) : null}
      <HStack justify={secondary ? 'space-between' : 'flex-end'} gap="3" flexWrap="wrap">
        {secondary}
        <Button
          type="submit"
          colorPalette="brand"
          disabled={!canSaveDraft(draft) || unchanged}
          loading={submitting}
          loadingText="Saving"
        >
          {submitLabel}
        </Button>
      </HStack>
    </Stack>
  );
}
