import { SegmentGroup } from '@chakra-ui/react';
import { useCallback, useLayoutEffect, useRef } from 'react';

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

/**
 * A small set of mutually exclusive options shown side by side, the selected one filled. The owner
 * decides: a change it refuses (e.g. a failed Paper/Live switch) leaves `value`, and the native
 * radios (uncontrolled inside the group) are set back to it.
 */
export function SegmentedChoice<TValue extends string>({
  items,
  value,
  onChange,
  labelledBy,
  disabled,
  fullWidth = false,
  palette = 'brand',
}: SegmentedChoiceProps<TValue>) {
  const rootRef = useRef<HTMLDivElement>(null);
  const valueRef = useRef(value);
  const syncNativeRadios = useCallback(() => {
    rootRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]').forEach((input) => {
      input.checked = input.value === valueRef.current;
    });
  }, []);

  useLayoutEffect(() => {
    valueRef.current = value;
    syncNativeRadios();
  });

  return (
    <SegmentGroup.Root
      ref={rootRef}
      size="sm"
      value={value}
      aria-labelledby={labelledBy}
      disabled={disabled}
      width={fullWidth ? 'full' : undefined}
      alignSelf={fullWidth ? undefined : 'flex-start'}
      onValueChange={(details) => {
        const item = items.find((candidate) => candidate.value === details.value);
        if (item) onChange(item.value);
        requestAnimationFrame(syncNativeRadios);
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
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
      ))}
    </SegmentGroup.Root>
  );
}
