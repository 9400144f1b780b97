import { Input } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId } from 'react';
import { searchInstruments } from '../../domain/market/search';
import { UNIVERSE } from '../../domain/market/universe';
import { instrumentsQuery } from './queries';

/** How many suggestions the field lists. */
const SUGGESTIONS = 20;

interface SymbolInputProps {
  value: string;
  onChange(symbol: string): void;
  id?: string;
  invalid?: boolean;
  placeholder?: string;
  ariaLabel?: string;
}

/**
 * A symbol field suggesting matching instruments (by symbol or company name) as the user types: the
 * server's instruments when it answers, else the market universe bundled with the app (so suggestions
 * work offline too).
 */
export function SymbolInput({ value, onChange, id, invalid, placeholder = 'AAPL', ariaLabel }: SymbolInputProps) {
  const listId = useId();
  const search = useDeferredValue(value.trim());
  const query = useQuery(instrumentsQuery(search));
  const suggestions = query.data?.instruments ?? searchInstruments(UNIVERSE, search, SUGGESTIONS);
  return (
    <>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
        list={listId}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={placeholder}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
      />
      <datalist id={listId}>
        {suggestions.map((instrument) => (
          <option key={instrument.symbol} value={instrument.symbol}>
            {instrument.name}
          </option>
        ))}
      </datalist>
    </>
  );
}
