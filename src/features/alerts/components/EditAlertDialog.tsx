import { Field, Input, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { hasDefaultMessage, localAlertMessage, updatePriceAlert } from '../../../data/alerts';
import { localDb } from '../../../data/db';
import type { LocalPriceAlert } from '../../../data/types';
import type { AlertCondition } from '../../../graphql/generated/graphql';
import { parseTriggerPrice } from '../../watchlists/validation';
import { ALERT_MESSAGE_MAX_LENGTH } from './alertFields';
import { AlertTriggerFields } from './AlertTriggerFields';

/** The message field's starting text: empty while the alert has the default message (shown as placeholder). */
const initialMessage = (alert: LocalPriceAlert) => (hasDefaultMessage(alert) ? '' : alert.message);

/**
 * Edit a price alert (spec §7 updateAlert): condition, trigger price and message. Saved on the device and
 * queued in the outbox like a new alert, so it works offline; an empty message is the default one.
 */
export function EditAlertDialog({ alert, trigger }: { alert: LocalPriceAlert; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [condition, setCondition] = useState<AlertCondition>(alert.condition);
  const [price, setPrice] = useState(alert.triggerPrice.toFixed(2));
  const [message, setMessage] = useState(initialMessage(alert));
  const [submitted, setSubmitted] = useState(false);

  const parsedPrice = parseTriggerPrice(price);
  const priceError = 'problem' in parsedPrice ? parsedPrice.problem : null;
  const defaultMessage = localAlertMessage({
    symbol: alert.symbol,
    condition,
    triggerPrice: 'price' in parsedPrice ? parsedPrice.price : alert.triggerPrice,
  });

  const submit = async () => {
    setSubmitted(true);
    if ('problem' in parsedPrice) return;
    const messageChanged = message.trim() !== initialMessage(alert).trim();
    await updatePriceAlert(localDb(), alert.id, {
      condition,
      triggerPrice: parsedPrice.price,
      ...(messageChanged && { message }),
    });
    setOpen(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setCondition(alert.condition);
          setPrice(alert.triggerPrice.toFixed(2));
          setMessage(initialMessage(alert));
          setSubmitted(false);
        }
      }}
      trigger={trigger}
      title={`Edit ${alert.symbol} alert`}
      submitLabel="Save changes"
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <AlertTriggerFields
          condition={condition}
          onConditionChange={setCondition}
          price={price}
          onPriceChange={setPrice}
          priceError={submitted ? priceError : null}
        />
        <Field.Root>
          <Field.Label>Message</Field.Label>
          <Input
            name="message"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder={defaultMessage}
            maxLength={ALERT_MESSAGE_MAX_LENGTH}
            autoComplete="off"
          />
          <Field.HelperText>Shown when the alert fires. Leave empty for “{defaultMessage}”.</Field.HelperText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
