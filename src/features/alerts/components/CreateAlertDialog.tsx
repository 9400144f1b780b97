import { Field, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { createPriceAlert } from '../../../data/alerts';
import { localDb } from '../../../data/db';
import type { AlertCondition } from '../../../graphql/generated/graphql';
import { SymbolInput } from '../../market/SymbolInput';
import { normalizeSymbol, parseTriggerPrice, symbolProblem } from '../../watchlists/validation';
import { AlertTriggerFields } from './AlertTriggerFields';

/** New price alert: symbol, condition (above/below) and trigger price; saved on the device and queued. */
export function CreateAlertDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [symbol, setSymbol] = useState('');
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [price, setPrice] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const symbolError = symbolProblem(symbol);
  const parsedPrice = parseTriggerPrice(price);
  const priceError = 'problem' in parsedPrice ? parsedPrice.problem : null;

  const submit = async () => {
    setSubmitted(true);
    if (symbolError || 'problem' in parsedPrice) return;
    await createPriceAlert(localDb(), { symbol: normalizeSymbol(symbol), condition, triggerPrice: parsedPrice.price });
    setOpen(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setSymbol('');
          setCondition('above');
          setPrice('');
          setSubmitted(false);
        }
      }}
      trigger={trigger}
      title="New price alert"
      submitLabel="Create alert"
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Field.Root invalid={submitted && symbolError !== null}>
          <Field.Label>Symbol</Field.Label>
          <SymbolInput value={symbol} onChange={setSymbol} invalid={submitted && symbolError !== null} />
          <Field.ErrorText>{symbolError}</Field.ErrorText>
        </Field.Root>
        <AlertTriggerFields
          condition={condition}
          onConditionChange={setCondition}
          price={price}
          onPriceChange={setPrice}
          priceError={submitted ? priceError : null}
        />
      </Stack>
    </FormDialog>
  );
}
