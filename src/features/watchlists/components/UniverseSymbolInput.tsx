import { Input } from '@chakra-ui/react';
import { useId } from 'react';
import { UNIVERSE } from '../../../domain/market/universe';

interface UniverseSymbolInputProps {
  value: string;
  onChange(text: string): void;
  id?: string;
  invalid?: boolean;
  placeholder?: string;
  ariaLabel?: string;
}

/**
 * A symbol field suggesting the instruments of the market universe (held in the app, so suggestions work
 * offline too, unlike the server search).
 */
export function UniverseSymbolInput({
  value,
  onChange,
  id,
  invalid,
  placeholder,
  ariaLabel,
}: UniverseSymbolInputProps) {
  const listId = useId();
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
        placeholder={placeholder ?? 'AAPL'}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
      />
      <datalist id={listId}>
        {UNIVERSE.map((instrument) => (
          <option key={instrument.symbol} value={instrument.symbol}>
            {instrument.name}
          </option>
        ))}
      </datalist>
    </>
  );
}
