import { Box, Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { SelectField } from '../../../components/form/SelectField';
import {
  draftComparison,
  isGroup,
  operandSlots,
  type DraftComparison,
  type DraftCondition,
  type DraftOperand,
} from './draft';
import { FieldErrorText, OperandEditor } from './OperandEditor';
import { COMPARISON_LABELS, type ComparisonKind } from './operands';

const COMPARISON_OPTIONS = Object.entries(COMPARISON_LABELS).map(([value, label]) => ({ value, label }));
const SLOT_LABELS: Readonly<Record<string, string>> = {
  left: 'Left',
  right: 'Right',
  operand: 'Value',
  lower: 'Lower',
  upper: 'Upper',
};
export const MATCH_OPTIONS = [
  { value: 'all', label: 'All (AND)' },
  { value: 'any', label: 'Any (OR)' },
];

interface ConditionEditorProps {
  condition: DraftCondition;
  onChange(condition: DraftCondition): void;
  onRemove(): void;
  /** Where its errors are keyed (`entry.conditions[0]`). */
  path: string;
  errors: Readonly<Record<string, string>>;
  /** "Entry condition 1", for the remove button. */
  name: string;
  /** Groups may hold comparisons only (one level of nesting). */
  nested?: boolean;
}

/** One condition: a comparison of operands, or (at the top level) an All/Any group of comparisons. */
export function ConditionEditor({ condition, onChange, onRemove, path, errors, name, nested }: ConditionEditorProps) {
  const remove = (
    <IconButton aria-label={`Remove ${name}`} size="sm" variant="ghost" onClick={onRemove}>
      <LuTrash2 />
    </IconButton>
  );
  if (isGroup(condition)) {
    const list = condition.conditions;
    const setList = (conditions: DraftCondition[]) => onChange({ ...condition, conditions });
    return (
      <Stack gap="3" borderWidth="1px" borderStyle="dashed" borderRadius="lg" p="3" data-testid={`group ${path}`}>
        <HStack justify="space-between" align="flex-end">
          <SelectField
            label="Group: conditions that must hold"
            size="sm"
            maxW="16rem"
            value={condition.kind === 'and' ? 'all' : 'any'}
            options={MATCH_OPTIONS}
            onChange={(match) => onChange({ ...condition, kind: match === 'all' ? 'and' : 'or' })}
          />
          {remove}
        </HStack>
        <FieldErrorText error={errors[`${path}.conditions`]} />
        <ConditionList conditions={list} onChange={setList} path={path} errors={errors} name={`${name}.`} nested />
        <Box>
          <Button size="xs" variant="outline" onClick={() => setList([...list, draftComparison('lessThan')])}>
            <LuPlus /> Add to group
          </Button>
        </Box>
      </Stack>
    );
  }
  const comparison: DraftComparison = condition;
  const { operands } = comparison;
  const slots = operandSlots(comparison.kind);
  const setOperand = (slot: string) => (operand: DraftOperand) =>
    onChange({ ...comparison, operands: { ...operands, [slot]: operand } });
  return (
    <Stack
      gap="2"
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      bg={nested ? 'bg.subtle' : undefined}
      data-testid={`condition ${path}`}
    >
      <Flex gap="2" align="flex-end" justify="space-between">
        <Text textStyle="sm" fontWeight="medium" color="fg.muted" pb="2">
          {name}
        </Text>
        {remove}
      </Flex>
      <OperandEditor
        label={SLOT_LABELS[slots[0]!]!}
        operand={operands[slots[0]!]!}
        onChange={setOperand(slots[0]!)}
        path={`${path}.${slots[0]}`}
        errors={errors}
      />
      <Box maxW={{ base: 'full', sm: '14rem' }}>
        <SelectField
          label="Comparison"
          size="sm"
          value={condition.kind}
          options={COMPARISON_OPTIONS}
          onChange={(kind) => onChange({ ...draftComparison(kind as ComparisonKind, operands), id: comparison.id })}
        />
      </Box>
      {slots.slice(1).map((slot) => (
        <OperandEditor
          key={slot}
          label={SLOT_LABELS[slot]!}
          operand={operands[slot]!}
          onChange={setOperand(slot)}
          path={`${path}.${slot}`}
          errors={errors}
        />
      ))}
    </Stack>
  );
}

interface ConditionListProps {
  conditions: readonly DraftCondition[];
  onChange(conditions: DraftCondition[]): void;
  /** The path of the list's owner (`entry`, `entry.conditions[1]`); items are at `<path>.conditions[i]`. */
  path: string;
  errors: Readonly<Record<string, string>>;
  /** Each item is named this followed by its number ("Entry 1", "Entry 2.1"). */
  name: string;
  nested?: boolean;
}

/** The conditions of a rule set or group, each editable and removable. */
export function ConditionList({ conditions, onChange, path, errors, name, nested }: ConditionListProps) {
  return conditions.map((condition, index) => (
    <ConditionEditor
      key={condition.id}
      condition={condition}
      onChange={(next) => onChange(conditions.map((item, i) => (i === index ? next : item)))}
      onRemove={() => onChange(conditions.filter((_, i) => i !== index))}
      path={`${path}.conditions[${index}]`}
      errors={errors}
      name={`${name}${index + 1}`}
      nested={nested}
    />
  ));
}
