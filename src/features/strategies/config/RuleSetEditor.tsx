import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuFolderPlus, LuPlus } from 'react-icons/lu';
import { SelectField } from '../../../components/form/SelectField';
import { draftComparison, newId, type DraftCondition, type DraftRuleSet } from './draft';
import { ConditionEditor, MATCH_OPTIONS } from './ConditionEditor';
import { FieldErrorText } from './OperandEditor';

interface RuleSetEditorProps {
  /** 'entry' or 'exit': the key of its errors. */
  side: 'entry' | 'exit';
  rules: DraftRuleSet;
  onChange(rules: DraftRuleSet): void;
  errors: Readonly<Record<string, string>>;
}

const TITLES = { entry: 'Entry (buy when)', exit: 'Exit (sell when)' } as const;

/** Entry or exit rules: All/Any of a list of conditions, each a comparison or a group of them. */
export function RuleSetEditor({ side, rules, onChange, errors }: RuleSetEditorProps) {
  const list = rules.conditions;
  const setList = (conditions: DraftCondition[]) => onChange({ ...rules, conditions });
  const label = side === 'entry' ? 'Entry' : 'Exit';
  return (
    <Stack gap="3" as="fieldset" aria-label={TITLES[side]} data-testid={`rules ${side}`}>
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="2">
        <Text as="legend" fontWeight="semibold">
          {TITLES[side]}
        </Text>
        <SelectField
          label={`${label}: conditions that must hold`}
          hideLabel
          size="sm"
          maxW="12rem"
          value={rules.match}
          options={MATCH_OPTIONS}
          onChange={(match) => onChange({ ...rules, match: match === 'any' ? 'any' : 'all' })}
        />
      </HStack>
      <FieldErrorText error={errors[`${side}.conditions`] ?? errors[side]} />
      {list.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No {side} condition{side === 'exit' ? ': positions close by the stops only.' : '.'}
        </Text>
      ) : null}
      {list.map((condition, index) => (
        <ConditionEditor
          key={condition.id}
          condition={condition}
          onChange={(next) => setList(list.map((item, i) => (i === index ? next : item)))}
          onRemove={() => setList(list.filter((_, i) => i !== index))}
          path={`${side}.conditions[${index}]`}
          errors={errors}
          name={`${label} ${index + 1}`}
        />
      ))}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => setList([...list, draftComparison('lessThan')])}>
          <LuPlus /> Add {side} condition
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setList([...list, { id: newId(), kind: 'or', conditions: [draftComparison('lessThan')] }])}
        >
          <LuFolderPlus /> Add group
        </Button>
      </HStack>
    </Stack>
  );
}
