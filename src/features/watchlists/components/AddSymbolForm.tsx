import { Button, Field, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { normalizeSymbol, symbolProblem } from '../validation';
import { SymbolInput } from '../../market/SymbolInput';

interface AddSymbolFormProps {
  listName: string;
  existing: readonly string[];
  onAdd(symbol: string): Promise<void>;
}

/** Inline "add a symbol" field of one watchlist, with suggestions and validation. */
export function AddSymbolForm({ listName, existing, onAdd }: AddSymbolFormProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const symbol = normalizeSymbol(text);
    const reason = symbolProblem(symbol) ?? (existing.includes(symbol) ? `${symbol} is already in this list.` : null);
    setProblem(reason);
    if (reason) return;
    await onAdd(symbol);
    setText('');
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field.Root invalid={problem !== null}>
        <HStack gap="2" w="full">
          <SymbolInput
            value={text}
            onChange={(value) => {
              setText(value);
              setProblem(null);
            }}
            invalid={problem !== null}
            placeholder="Add symbol"
            ariaLabel={`Add a symbol to ${listName}`}
          />
          <Button type="submit" variant="outline" size="md" flexShrink={0}>
            <LuPlus /> Add
          </Button>
        </HStack>
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    </form>
  );
}
