import { Field, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useFormDialog } from '../../../components/dialog/useFormDialog';
import { createPriceAlert } from '../../../data/alerts';
import { localDb } from '../../../data/db';
import type { AlertCondition } from '../../../graphql/generated/graphql';
import { SymbolInput } from '../../market/SymbolInput';
import { normalizeSymbol, parseTriggerPrice, symbolProblem } from '../../watchlists/validation';
import { AlertTriggerFields } from './AlertTriggerFields';

/** New price alert: symbol, condition (above/below) and trigger price; saved on the device and queued. */
export function CreateAlertDialog({ trigger }: { trigger: ReactNode }) {
  const form = useFormDialog(() => ({ symbol: '', condition: 'above' as AlertCondition, price: '' }));
  const { symbol, condition, price } = form.values;
  const submitted = form.showErrors;

  const symbolError = symbolProblem(symbol);
  const parsedPrice = parseTriggerPrice(price);
  const priceError = 'problem' in parsedPrice ? parsedPrice.problem : null;

  const submit = async () => {
    form.setShowErrors(true);
    if (symbolError || 'problem' in parsedPrice) return;
    await createPriceAlert(localDb(), { symbol: normalizeSymbol(symbol), condition, triggerPrice: parsedPrice.price });
    form.close();
  };

  return (
    <FormDialog
      {...form.dialog}
      trigger={trigger}
      title="New price alert"
      submitLabel="Create alert"
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Field.Root invalid={submitted && symbolError !== null}>
          <Field.Label>Symbol</Field.Label>
          <SymbolInput value={symbol} onChange={form.set('symbol')} invalid={submitted && symbolError !== null} />
          <Field.ErrorText>{symbolError}</Field.ErrorText>
        </Field.Root>
        <AlertTriggerFields
          condition={condition}
          onConditionChange={form.set('condition')}
          price={price}
          onPriceChange={form.set('price')}
          priceError={submitted ? priceError : null}
        />
      </Stack>
    </FormDialog>
  );
}
