import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { SegmentedChoice } from '../../../components/form/SegmentedChoice';
import type { AlertCondition } from '../../../graphql/generated/graphql';
import { ALERT_CONDITIONS } from './alertFields';

interface AlertTriggerFieldsProps {
  condition: AlertCondition;
  onConditionChange(condition: AlertCondition): void;
  /** The trigger price as typed. */
  price: string;
  onPriceChange(price: string): void;
  /** The price's problem once the form has been submitted, else null. */
  priceError: string | null;
}

/** What fires an alert, shared by the new-alert and edit dialogs: the condition (above/below) and the trigger price. */
export function AlertTriggerFields({
  condition,
  onConditionChange,
  price,
  onPriceChange,
  priceError,
}: AlertTriggerFieldsProps) {
  const conditionLabelId = useId();
  return (
    <>
      <Stack gap="1.5">
        <Text id={conditionLabelId} textStyle="sm" fontWeight="medium">
          Condition
        </Text>
        <SegmentedChoice<AlertCondition>
          items={ALERT_CONDITIONS}
          value={condition}
          onChange={onConditionChange}
          labelledBy={conditionLabelId}
          fullWidth
        />
      </Stack>
      <Field.Root invalid={priceError !== null}>
        <Field.Label>Trigger price ($)</Field.Label>
        <Input
          name="triggerPrice"
          inputMode="decimal"
          value={price}
          onChange={(event) => onPriceChange(event.target.value)}
          placeholder="150.00"
          autoComplete="off"
        />
        <Field.ErrorText>{priceError}</Field.ErrorText>
      </Field.Root>
    </>
  );
}
