import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TableSkeleton } from './TableSkeleton';

const render = (rows: number, virtualizeAfter?: number) =>
  renderToString(
    <ChakraProvider value={defaultSystem}>
      <TableSkeleton rows={rows} rowHeight={49} virtualizeAfter={virtualizeAfter} />
    </ChakraProvider>,
  );

describe('TableSkeleton', () => {
  it('is as tall as the table: header and rows', () => {
    const markup = render(100);
    expect(markup).toContain('height:4937px');
    expect(markup).not.toContain('max-height');
  });

  it('past 100 rows stops at the height of the scroll box that the table then shows its rows in', () => {
    const markup = render(150);
    expect(markup).toContain('height:7387px');
    expect(markup).toContain('max-height:min(70vh, 40rem)');
  });

  it('follows the table’s own virtualizeAfter, as DataTable does', () => {
    expect(render(150, 200)).not.toContain('max-height');
    expect(render(20, 10)).toContain('max-height:min(70vh, 40rem)');
  });
});
