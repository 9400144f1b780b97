import type { StackProps } from '@chakra-ui/react';

/** One row of the scanner's lists (results, activity): a list item with a rule below it except the last. */
export const LIST_ROW_PROPS = {
  as: 'li',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  _last: { borderBottomWidth: 0 },
} satisfies StackProps;
