import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { SegmentedChoice } from '../../../components/form/SegmentedChoice';
import { createPriceAlert } from '../../../data/alerts';
import { localDb } from '../../../data/db';
import type { AlertCondition } from '../../../graphql/generated/graphql';
import { SymbolInput } from '../../market/SymbolInput';
import { normalizeSymbol, parseTriggerPrice, symbolProblem } from '../../watchlists/validation';

const CONDITIONS = [
  { value: 'above', label: 'Above' },
  { value: 'below', label: 'Below' },
] as const satisfies readonly { value: AlertCondition; label: string }[];

/** New price alert: symbol, condition (above/below) and trigger price; saved on the device and queued. */
export function CreateAlertDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [symbol, setSymbol] = useState('');
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [price, setPrice] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const formId = useId();
  const conditionLabelId = useId();

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
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (details.open) {
          setSymbol('');
          setCondition('above');
          setPrice('');
          setSubmitted(false);
        }
      }}
      placement="center"
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>New price alert</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={formId}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void submit();
                }}
              >
                <Stack gap="4">
                  <Field.Root invalid={submitted && symbolError !== null}>
                    <Field.Label>Symbol</Field.Label>
                    <SymbolInput value={symbol} onChange={setSymbol} invalid={submitted && symbolError !== null} />
                    <Field.ErrorText>{symbolError}</Field.ErrorText>
                  </Field.Root>
                  <Stack gap="1.5">
                    <Text id={conditionLabelId} textStyle="sm" fontWeight="medium">
                      Condition
                    </Text>
                    <SegmentedChoice<AlertCondition>
                      items={CONDITIONS}
                      value={condition}
                      onChange={setCondition}
                      labelledBy={conditionLabelId}
                      fullWidth
                    />
                  </Stack>
                  <Field.Root invalid={submitted && priceError !== null}>
                    <Field.Label>Trigger price ($)</Field.Label>
                    <Input
                      inputMode="decimal"
                      value={price}
                      onChange={(event) => setPrice(event.target.value)}
                      placeholder="150.00"
                      autoComplete="off"
                    />
                    <Field.ErrorText>{priceError}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={formId}>
                Create alert
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
