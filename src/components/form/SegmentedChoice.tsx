import { SegmentGroup } from '@chakra-ui/react';

export interface SegmentedChoiceItem<TValue extends string> {
  value: TValue;
  label: string;
}

interface SegmentedChoiceProps<TValue extends string> {
  items: readonly SegmentedChoiceItem<TValue>[];
  value: TValue;
  onChange(value: TValue): void;
  /** Id of the element naming the group (a radiogroup; each item is a radio). */
  labelledBy: string;
  disabled?: boolean;
  fullWidth?: boolean;
  /** Colour of the selected item: the accent, or red for a choice that needs care (live trading). */
  palette?: 'brand' | 'red';
}

/** React reverts a controlled radio whose change was not applied; the group's onValueChange does the work. */
const keepControlledValue = () => undefined;

/** A small set of mutually exclusive options shown side by side, the selected one filled. */
export function SegmentedChoice<TValue extends string>({
  items,
  value,
  onChange,
  labelledBy,
  disabled,
  fullWidth = false,
  palette = 'brand',
}: SegmentedChoiceProps<TValue>) {
  return (
    <SegmentGroup.Root
      size="sm"
      value={value}
      aria-labelledby={labelledBy}
      disabled={disabled}
      width={fullWidth ? 'full' : undefined}
      alignSelf={fullWidth ? undefined : 'flex-start'}
      onValueChange={(details) => {
        const item = items.find((candidate) => candidate.value === details.value);
        if (item) onChange(item.value);
      }}
    >
      <SegmentGroup.Indicator bg={`${palette}.solid`} />
      {items.map((item) => (
        <SegmentGroup.Item
          key={item.value}
          value={item.value}
          flex={fullWidth ? '1' : undefined}
          minW="20"
          justifyContent="center"
          _checked={{ color: `${palette}.contrast`, fontWeight: 'semibold' }}
        >
          <SegmentGroup.ItemText>{item.label}</SegmentGroup.ItemText>
          {/* Controlled, so a change the owner refuses (e.g. a failed switch) reverts the native radio too. */}
          <SegmentGroup.ItemHiddenInput checked={item.value === value} onChange={keepControlledValue} />
        </SegmentGroup.Item>
      ))}
    </SegmentGroup.Root>
  );
}
