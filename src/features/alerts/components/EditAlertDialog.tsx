import { Field, Input, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useFormDialog } from '../../../components/dialog/useFormDialog';
import { hasDefaultMessage, localAlertMessage, updatePriceAlert } from '../../../data/alerts';
import { localDb } from '../../../data/db';
import type { LocalPriceAlert } from '../../../data/types';
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
  const form = useFormDialog(() => ({
    condition: alert.condition,
    price: alert.triggerPrice.toFixed(2),
    message: initialMessage(alert),
  }));
  const { condition, price, message } = form.values;
  const submitted = form.showErrors;

  const parsedPrice = parseTriggerPrice(price);
  const priceError = 'problem' in parsedPrice ? parsedPrice.problem : null;
  const defaultMessage = localAlertMessage({
    symbol: alert.symbol,
    condition,
    triggerPrice: 'price' in parsedPrice ? parsedPrice.price : alert.triggerPrice,
  });

  const submit = async () => {
    form.setShowErrors(true);
    if ('problem' in parsedPrice) return;
    const messageChanged = message.trim() !== initialMessage(alert).trim();
    await updatePriceAlert(localDb(), alert.id, {
      condition,
      triggerPrice: parsedPrice.price,
      ...(messageChanged && { message }),
    });
    form.close();
  };

  return (
    <FormDialog
      {...form.dialog}
      trigger={trigger}
      title={`Edit ${alert.symbol} alert`}
      submitLabel="Save changes"
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <AlertTriggerFields
          condition={condition}
          onConditionChange={form.set('condition')}
          price={price}
          onPriceChange={form.set('price')}
          priceError={submitted ? priceError : null}
        />
        <Field.Root>
          <Field.Label>Message</Field.Label>
          <Input
            name="message"
            value={message}
            onChange={(event) => form.set('message')(event.target.value)}
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
