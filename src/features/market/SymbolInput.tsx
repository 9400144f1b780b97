import { Input } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId } from 'react';
import { instrumentsQuery } from './queries';

interface SymbolInputProps {
  value: string;
  onChange(symbol: string): void;
  id?: string;
  invalid?: boolean;
  placeholder?: string;
}

/** A symbol field that suggests matching instruments (by symbol or company name) as the user types. */
export function SymbolInput({ value, onChange, id, invalid, placeholder = 'AAPL' }: SymbolInputProps) {
  const listId = useId();
  const search = useDeferredValue(value.trim());
  const query = useQuery(instrumentsQuery(search));
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
        aria-invalid={invalid || undefined}
      />
      <datalist id={listId}>
        {query.data?.instruments.map((instrument) => (
          <option key={instrument.symbol} value={instrument.symbol}>
            {instrument.name}
          </option>
        ))}
      </datalist>
    </>
  );
}
