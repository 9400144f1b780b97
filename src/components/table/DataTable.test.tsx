import { ChakraProvider, defaultSystem, Text } from '@chakra-ui/react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './DataTable';

interface Fruit {
  name: string;
  price: number;
}

const COLUMNS: readonly DataTableColumn<Fruit>[] = [
  {
    key: 'name',
    header: 'Fruit',
    cellProps: (fruit) => ({ title: `About ${fruit.name}` }),
    render: (fruit) => fruit.name,
  },
  { key: 'price', header: 'Price', align: 'end', nowrap: true, render: (fruit) => `$${fruit.price.toFixed(2)}` },
  { key: 'actions', header: <Text srOnly>Actions</Text>, align: 'end', render: () => null },
];

async function html(rows: readonly Fruit[], emptyText?: string, virtualizeAfter?: number): Promise<string> {
  const { prelude } = await prerender(
    <ChakraProvider value={defaultSystem}>
      <DataTable
        label="Fruits"
        columns={COLUMNS}
        rows={rows}
        getRowKey={(fruit) => fruit.name}
        getRowTestId={(fruit) => `fruit-${fruit.name}`}
        emptyText={emptyText}
        virtualizeAfter={virtualizeAfter}
      />
    </ChakraProvider>,
  );
  return new Response(prelude).text();
}

function textOf(markup: string): string {
  return markup
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '|')
    .replace(/\|+/g, '|');
}

describe('DataTable', () => {
  it('renders the header and one row of cells per row, labelled, with test ids and cell titles', async () => {
    const markup = await html([
      { name: 'Apple', price: 1.5 },
      { name: 'Pear', price: 2 },
    ]);
    expect(markup).toContain('aria-label="Fruits"');
    expect(markup).toContain('data-testid="fruit-Apple"');
    expect(markup).toContain('data-testid="fruit-Pear"');
    expect(markup).toContain('title="About Pear"');
    expect(textOf(markup)).toBe('|Fruit|Price|Actions|Apple|$1.50|Pear|$2.00|');
    expect(markup.match(/<tr/g)).toHaveLength(3);
  });

  it('shows the empty text instead of the table when there are no rows', async () => {
    const markup = await html([], 'No fruit yet.');
    expect(markup).not.toContain('<table');
    expect(textOf(markup)).toBe('|No fruit yet.|');
  });

  it('keeps the header row when there are no rows and no empty text', async () => {
    const markup = await html([]);
    expect(markup).toContain('<table');
    expect(markup.match(/<tr/g)).toHaveLength(1);
  });

  it('past virtualizeAfter rows renders only a window of them, positioned among all (aria-rowcount/rowindex)', async () => {
    const fruits = Array.from({ length: 500 }, (_, index) => ({ name: `Fruit ${index}`, price: index }));
    const markup = await html(fruits);
    expect(markup).toContain('aria-rowcount="501"');
    expect(markup).toContain('data-testid="fruit-Fruit 0"');
    expect(markup).toContain('aria-rowindex="2"');
    expect(markup).not.toContain('data-testid="fruit-Fruit 499"');
    const bodyRows = markup.match(/<tr[^>]*data-testid/g) ?? [];
    expect(bodyRows.length).toBeGreaterThan(10);
    expect(bodyRows.length).toBeLessThan(60);
  });

  it('renders every row up to virtualizeAfter', async () => {
    const fruits = Array.from({ length: 100 }, (_, index) => ({ name: `Fruit ${index}`, price: index }));
    const markup = await html(fruits);
    expect(markup).not.toContain('aria-rowcount');
    expect(markup.match(/<tr[^>]*data-testid/g)).toHaveLength(100);
  });
});
