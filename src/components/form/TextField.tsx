import { Field, Input, type InputProps } from '@chakra-ui/react';

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Shown under the field, replaced by the error when there is one. */
  helper?: string;
  /** The field's error (the client's check or the server's message for this field); null when valid. */
  error?: string | null;
  inputMode?: InputProps['inputMode'];
  placeholder?: string;
}

/** A labelled text input with its helper text or its error shown at the field. */
export function TextField({ label, value, onChange, helper, error, inputMode, placeholder }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete="off"
      />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : helper ? (
        <Field.HelperText>{helper}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
