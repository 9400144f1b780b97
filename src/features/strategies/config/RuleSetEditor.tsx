import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuFolderPlus, LuPlus } from 'react-icons/lu';
import { SelectField } from '../../../components/form/SelectField';
import { draftComparison, newId, type DraftCondition, type DraftRuleSet } from './draft';
import { ConditionList, MATCH_OPTIONS } from './ConditionEditor';
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
    <Stack gap="3" as="section" aria-label={TITLES[side]} data-testid={`rules ${side}`}>
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="2">
        <Text as="h3" fontWeight="semibold">
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
      <ConditionList conditions={list} onChange={setList} path={side} errors={errors} name={`${label} `} />
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
