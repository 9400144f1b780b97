import { Field, NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  /** The field's label (read by screen readers only with `hideLabel`). */
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  hideLabel?: boolean;
  size?: 'sm' | 'md';
  maxW?: string;
}

/** A labelled native select: one choice among a few options (filters, a template, a strategy). */
export function SelectField({ label, value, options, onChange, hideLabel, size = 'md', maxW }: SelectFieldProps) {
  return (
    <Field.Root maxW={maxW}>
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
