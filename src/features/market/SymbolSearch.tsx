import { Button, chakra, Group, VisuallyHidden } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { SymbolInput } from './SymbolInput';

/** Find a stock by symbol or company name and open its page. */
export function SymbolSearch() {
  const [symbol, setSymbol] = useState('');
  const navigate = useNavigate();
  const inputId = useId();
  return (
    <chakra.form
      role="search"
      w={{ base: 'full', sm: '18rem' }}
      onSubmit={(event) => {
        event.preventDefault();
        const ticker = symbol.trim().toUpperCase();
        if (ticker !== '') void navigate({ to: '/stocks/$symbol', params: { symbol: ticker } });
      }}
    >
      <VisuallyHidden asChild>
        <label htmlFor={inputId}>Find a stock</label>
      </VisuallyHidden>
      <Group attached w="full">
        <SymbolInput id={inputId} value={symbol} onChange={setSymbol} placeholder="Symbol or company" />
        <Button type="submit" variant="outline" aria-label="Open stock" disabled={symbol.trim() === ''}>
          <LuSearch />
        </Button>
      </Group>
    </chakra.form>
  );
}
