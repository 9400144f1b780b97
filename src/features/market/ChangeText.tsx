import { Text, type TextProps } from '@chakra-ui/react';
import { changeColor, formatChange } from './formatMarket';

interface ChangeTextProps extends Omit<TextProps, 'children'> {
  change: number | null | undefined;
  /** In percent units; shown in brackets after the amount. */
  percent?: number | null;
}

/** A gain or loss: "+$1.20 (+0.75%)" in green, red when negative. */
export function ChangeText({ change, percent, ...props }: ChangeTextProps) {
  return (
    <Text as="span" color={changeColor(change ?? percent)} fontVariantNumeric="tabular-nums" {...props}>
      {formatChange(change, percent)}
    </Text>
  );
}
