import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { PositionFieldsFragment } from '../../../graphql/generated/graphql';
import { system } from '../../../theme/system';
import { PositionsTable } from './PositionsTable';

function positions(count: number): PositionFieldsFragment[] {
  return Array.from({ length: count }, (_, index) => ({
    symbol: `S${String(index).padStart(3, '0')}`,
    quantity: 2,
    averageCost: 10,
    currentPrice: 11,
    marketValue: 22,
    costBasis: 20,
    unrealizedPnL: 2,
    unrealizedPnLPercent: 10,
    realizedPnL: 0,
    dayPnL: index % 3 === 0 ? -1 : index % 3 === 1 ? 1 : 0,
    side: 'LONG',
  })) as PositionFieldsFragment[];
}

/** The table's markup in the app's system, inside a router (the symbols link to their pages) and a query client. */
async function html(rows: readonly PositionFieldsFragment[]): Promise<string> {
  const rootRoute = createRootRoute({ component: () => <PositionsTable positions={rows} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  const { prelude } = await prerender(
    <QueryClientProvider client={new QueryClient()}>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </QueryClientProvider>,
  );
  return new Response(prelude).text();
}

const bodyRows = (markup: string) => markup.match(/<tr[^>]*data-testid="position-/g) ?? [];

describe('PositionsTable', () => {
  it('renders every position up to 100, with its cells, link, Close button and the rows’ styles', async () => {
    const markup = await html(positions(100));
    expect(bodyRows(markup)).toHaveLength(100);
    expect(markup).toContain('aria-label="Positions"');
    expect(markup).not.toContain('aria-rowcount');
    expect(markup).toContain('href="/stocks/S099"');
    expect(markup).toContain('aria-label="Close S099 position"');
    // No DOM here: the rows' styles come inline, for the class the table carries.
    const style = /<style data-emotion="css ([^"]+)">(.*?)<\/style>/.exec(markup);
    expect(style?.[2]).toContain(`.css-${style?.[1]} .pos-cell{`);
    expect(style?.[2]).toContain(`.css-${style?.[1]} .row-sign-down{`);
    expect(markup).toMatch(new RegExp(`<table[^>]*class="[^"]*css-${style?.[1]}`));
  });

  it('past 100 positions renders only the rows in view, placed among all of them', async () => {
    const markup = await html(positions(150));
    expect(markup).toContain('aria-rowcount="151"');
    expect(markup).toContain('data-testid="position-S000"');
    expect(markup).not.toContain('data-testid="position-S149"');
    expect(bodyRows(markup).length).toBeGreaterThan(10);
    expect(bodyRows(markup).length).toBeLessThan(60);
  });

  it('says there are no positions when there are none', async () => {
    const markup = await html([]);
    expect(markup).not.toContain('<table');
    expect(markup).toContain('No positions.');
  });
});
