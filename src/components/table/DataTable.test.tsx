import { ChakraProvider, defaultSystem, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { DataTable, rowAttributes, type DataTableColumn, type DataTableHeader } from './DataTable';

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

/** What every fruit table here shares: its name, its rows, their keys and test ids. */
const fruitTable = (rows: readonly Fruit[]) => ({
  label: 'Fruits',
  rows,
  getRowKey: (fruit: Fruit) => fruit.name,
  getRowTestId: (fruit: Fruit) => `fruit-${fruit.name}`,
});

/** The static markup of `table` in Chakra's default system. */
async function markupOf(table: ReactElement): Promise<string> {
  const { prelude } = await prerender(<ChakraProvider value={defaultSystem}>{table}</ChakraProvider>);
  return new Response(prelude).text();
}

function html(
  rows: readonly Fruit[],
  emptyText?: string,
  virtualizeAfter?: number,
  rowHeight?: number,
): Promise<string> {
  return markupOf(
    <DataTable
      {...fruitTable(rows)}
      columns={COLUMNS}
      emptyText={emptyText}
      virtualizeAfter={virtualizeAfter}
      rowHeight={rowHeight}
    />,
  );
}

const HEADERS: readonly DataTableHeader[] = [
  { key: 'name', header: 'Fruit' },
  { key: 'price', header: 'Price', align: 'end' },
];

/** A table whose rows are plain `tr`/`td` drawn by `renderRow`, styled by the table (rowStyles). */
function plainHtml(rows: readonly Fruit[]): Promise<string> {
  return markupOf(
    <DataTable
      {...fruitTable(rows)}
      columns={HEADERS}
      rowStyles={() => ({ '& .fruit-cell': { px: '2' } })}
      renderRow={(fruit, place) => (
        <tr className="fruit-row" {...rowAttributes(place)}>
          <td className="fruit-cell">{fruit.name}</td>
          <td className="fruit-cell">{fruit.price}</td>
        </tr>
      )}
    />,
  );
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

  it('pads the scroll box of a virtual table by the sticky header, so a row scrolled into view is not under it', async () => {
    const fruits = Array.from({ length: 500 }, (_, index) => ({ name: `Fruit ${index}`, price: index }));
    expect(await html(fruits)).toContain('scroll-padding-top:37px');
  });

  it('assumes rows of the given height before measuring them (the spacer standing for the rows below)', async () => {
    const fruits = Array.from({ length: 500 }, (_, index) => ({ name: `Fruit ${index}`, price: index }));
    const spacerBelow = (markup: string) => {
      const rendered = (markup.match(/<tr[^>]*data-testid/g) ?? []).length;
      const height = /<tr aria-hidden="true" style="height:(\d+)px"><\/tr><\/tbody>/.exec(markup)?.[1];
      return { rendered, height: Number(height) };
    };
    const estimated = spacerBelow(await html(fruits));
    expect(estimated.height).toBe((500 - estimated.rendered) * 41);
    const given = spacerBelow(await html(fruits, undefined, undefined, 49));
    expect(given.height).toBe((500 - given.rendered) * 49);
  });

  it('renders every row up to virtualizeAfter', async () => {
    const fruits = Array.from({ length: 100 }, (_, index) => ({ name: `Fruit ${index}`, price: index }));
    const markup = await html(fruits);
    expect(markup).not.toContain('aria-rowcount');
    expect(markup.match(/<tr[^>]*data-testid/g)).toHaveLength(100);
  });

  it('draws rows with renderRow under the same header, test ids and table class (its styles inline without a DOM)', async () => {
    const markup = await plainHtml([
      { name: 'Apple', price: 1.5 },
      { name: 'Pear', price: 2 },
    ]);
    expect(textOf(markup.replace(/<style[^>]*>.*?<\/style>/g, ''))).toBe('|Fruit|Price|Apple|1.5|Pear|2|');
    expect(markup).toContain('<tr class="fruit-row" data-testid="fruit-Apple">');
    const style = /<style data-emotion="css ([^"]+)">(.*?)<\/style>/.exec(markup);
    expect(style?.[2]).toContain(`.css-${style?.[1]} .fruit-cell{`);
    expect(markup).toMatch(new RegExp(`<table[^>]*class="[^"]*css-${style?.[1]}`));
  });

  it('virtualises rows drawn by renderRow past virtualizeAfter, each placed and measured', async () => {
    const fruits = Array.from({ length: 500 }, (_, index) => ({ name: `Fruit ${index}`, price: index }));
    const markup = await plainHtml(fruits);
    expect(markup).toContain('aria-rowcount="501"');
    expect(markup).toContain('<tr class="fruit-row" data-testid="fruit-Fruit 0" aria-rowindex="2" data-index="0">');
    expect(markup).not.toContain('data-testid="fruit-Fruit 499"');
    const bodyRows = markup.match(/<tr class="fruit-row"/g) ?? [];
    expect(bodyRows.length).toBeGreaterThan(10);
    expect(bodyRows.length).toBeLessThan(60);
  });
});
