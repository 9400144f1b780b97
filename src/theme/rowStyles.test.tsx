import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { signClass, signStyles, useRowStyles, type RowStyles } from './rowStyles';

const styles: RowStyles = (system) => ({
  '& .x-cell': { ...system.getRecipeFn('badge')({ size: 'sm' }), color: 'fg.muted' },
  ...signStyles,
});

function List({ rowStyles }: { rowStyles: RowStyles | undefined }) {
  const { className, style } = useRowStyles(rowStyles);
  return (
    <>
      {style}
      <ul className={className}>
        <li className={`x-cell ${signClass('fg.error')}`}>A</li>
      </ul>
    </>
  );
}

async function html(rowStyles: RowStyles | undefined): Promise<string> {
  const { prelude } = await prerender(
    <ChakraProvider value={defaultSystem}>
      <List rowStyles={rowStyles} />
    </ChakraProvider>,
  );
  return new Response(prelude).text();
}

describe('useRowStyles', () => {
  it('without an emotion cache (no DOM) gives the class and its rules as an inline style element', async () => {
    const markup = await html(styles);
    const [, name, rules] = /<style data-emotion="css ([^"]+)">(.*?)<\/style>/.exec(markup) ?? [];
    expect(name).toMatch(/^[a-z0-9]+$/);
    expect(markup).toContain(`<ul class="css-${name}">`);
    expect(rules).toContain(`.css-${name} .x-cell{`);
    expect(rules).toContain('color:var(--chakra-colors-fg-muted)');
    expect(rules).toContain(`.css-${name} .row-sign-down{color:var(--chakra-colors-fg-error);}`);
  });

  it('gives no class and no style without styles', async () => {
    const markup = await html(undefined);
    expect(markup).toContain('<ul><li class="x-cell row-sign-down">A</li></ul>');
    expect(markup).not.toMatch(/<style data-emotion="css [^"]+">/);
  });
});

describe('signClass', () => {
  it('names the sign colours of changeColor, and the neutral one for any other', () => {
    expect(signClass('fg.success')).toBe('row-sign-up');
    expect(signClass('fg.error')).toBe('row-sign-down');
    expect(signClass('fg.muted')).toBe('row-sign-flat');
    expect(signClass('red.500')).toBe('row-sign-flat');
  });
});
