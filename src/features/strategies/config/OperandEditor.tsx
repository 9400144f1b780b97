import { Flex, Stack, Text } from '@chakra-ui/react';
import { NumberField } from '../../../components/form/NumberField';
import { SelectField } from '../../../components/form/SelectField';
import type { OperandKind } from '../../../domain/strategies';
import { draftOperand, type DraftOperand } from './draft';
import { FIELD_LABELS, fieldSpecs, isChoiceSpec, OPERAND_LABELS, stepOf } from './operands';

const KIND_OPTIONS = Object.entries(OPERAND_LABELS).map(([value, label]) => ({ value, label }));

interface FieldsEditorProps {
  kind: Parameters<typeof fieldSpecs>[0];
  values: Readonly<Record<string, string>>;
  onChange(values: Record<string, string>): void;
  /** Where this part's errors are keyed (`entry.conditions[0].left`, `sizing`). */
  path: string;
  errors: Readonly<Record<string, string>>;
}

/** The fields of an operand or sizing kind: a select for each choice, a number field for each number. */
export function KindFields({ kind, values, onChange, path, errors }: FieldsEditorProps) {
  return Object.entries(fieldSpecs(kind)).map(([field, spec]) => {
    const label = FIELD_LABELS[field] ?? field;
    const error = errors[`${path}.${field}`];
    const set = (value: string) => onChange({ ...values, [field]: value });
    return (
      <Stack key={field} flex="1 1 7rem" minW="0" gap="1" data-testid={`${path}.${field}`}>
        {isChoiceSpec(spec) ? (
          <>
            <SelectField
              label={label}
              size="sm"
              value={values[field] ?? ''}
              options={spec.map((word) => ({ value: word, label: word }))}
              onChange={set}
            />
            <FieldErrorText error={error} />
          </>
        ) : (
          <NumberField
            label={label}
            value={values[field] ?? ''}
            onChange={set}
            min={spec.minExclusive ? undefined : spec.min}
            max={spec.max}
            step={stepOf(spec)}
            fractionDigits={spec.integer ? 0 : undefined}
            error={error}
          />
        )}
      </Stack>
    );
  });
}

/** An error under a control that has no error slot of its own (a select). */
export function FieldErrorText({ error }: { error: string | undefined }) {
  return error ? (
    <Text textStyle="sm" color="fg.error">
      {error}
    </Text>
  ) : null;
}

interface OperandEditorProps {
  operand: DraftOperand;
  onChange(operand: DraftOperand): void;
  path: string;
  errors: Readonly<Record<string, string>>;
  /** "Left", "Lower", … */
  label: string;
}

/** One operand: what it is (price, number, an indicator) and its parameters. */
export function OperandEditor({ operand, onChange, path, errors, label }: OperandEditorProps) {
  const kindError = errors[path] ?? errors[`${path}.kind`];
  return (
    <Flex gap="2" wrap="wrap" align="flex-start" data-testid={`operand ${path}`}>
      <Flex flex="1 1 9rem" minW="0" direction="column">
        <SelectField
          label={label}
          size="sm"
          value={operand.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => onChange(draftOperand(kind as OperandKind))}
        />
        <FieldErrorText error={kindError} />
      </Flex>
      <KindFields
        kind={operand.kind}
        values={operand.values}
        onChange={(values) => onChange({ kind: operand.kind, values })}
        path={path}
        errors={errors}
      />
    </Flex>
  );
}
