import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface StatListItem {
  label: string;
  value: ReactNode;
}

/** Label/value pairs in two columns (one on narrow cards). */
export function StatList({ items }: { items: readonly StatListItem[] }) {
  return (
    <DataList.Root orientation="horizontal" size="md" gap="3">
      {items.map((item) => (
        <DataList.Item key={item.label} justifyContent="space-between" gap="4">
          <DataList.ItemLabel color="fg.muted" minW="0" flex="1">
            {item.label}
          </DataList.ItemLabel>
          <DataList.ItemValue
            justifyContent="flex-end"
            textAlign="end"
            fontWeight="medium"
            fontVariantNumeric="tabular-nums"
            flex="unset"
          >
            {item.value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
