import { Field, NumberInput } from '@chakra-ui/react';

interface NumberFieldProps {
  label: string;
  /** The typed text (kept as typed; the owner parses it). */
  value: string;
  onChange(value: string): void;
  min?: number;
  max?: number;
  step?: number;
  /** Shown under the field, replaced by the error when there is one. */
  helper?: string;
  /** The field's error (the client's check or the server's message for this field); null when valid. */
  error?: string | null;
  /** Decimal places shown by the stepper buttons (0 for whole numbers). */
  fractionDigits?: number;
}

/**
 * A labelled number input with stepper buttons inside its min–max range. A value typed outside the range is kept
 * (not clamped), so that the server's message for it is shown at the field.
 */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  helper,
  error,
  fractionDigits,
}: NumberFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NumberInput.Root
        value={value}
        onValueChange={(details) => onChange(details.value)}
        min={min}
        max={max}
        step={step}
        allowOverflow
        clampValueOnBlur={false}
        formatOptions={{ maximumFractionDigits: fractionDigits ?? 20, useGrouping: false }}
        width="full"
      >
        <NumberInput.Control>
          <NumberInput.IncrementTrigger aria-label={`Increase ${label}`} />
          <NumberInput.DecrementTrigger aria-label={`Decrease ${label}`} />
        </NumberInput.Control>
        <NumberInput.Input autoComplete="off" />
      </NumberInput.Root>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : helper ? (
        <Field.HelperText>{helper}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
