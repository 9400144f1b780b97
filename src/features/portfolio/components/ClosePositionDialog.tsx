import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DEFAULT_CLOSE_PERCENTAGE } from '../../../domain/constants';
import { ActionDialog } from '../../../components/dialog/ActionDialog';
import { toast } from '../../../components/toast/toaster';
import { orderFailureText } from '../../orders/orderFailure';
import { formatShares } from '../../market/formatMarket';
import { OFFLINE_ORDER_REASON, useOnline } from '../../orders/useOnline';
import { sharesToClose } from '../livePositions';
import { useClosePosition } from '../mutations';
import { POSITION_ROW } from './positionRowStyles';

const QUICK_PERCENTAGES = [25, 50, 75, 100] as const;

interface ClosePositionDialogProps {
  symbol: string;
  quantity: number;
}

/** The Close button of a positions row (a part of the row, styled by its table: see positionRowStyles). */
function closeTrigger(symbol: string) {
  return (
    <button type="button" className={POSITION_ROW.close} aria-label={`Close ${symbol} position`}>
      Close
    </button>
  );
}

/**
 * "Close" on a position: choose a percentage (100 by default) and sell it with a market order. Until the dialog
 * first opens a row holds only the button (ActionDialog renders its trigger alone): the dialog's body and its
 * action, which hold the online status and the mutation, start with the first click (a table of positions has
 * one per row).
 */
export function ClosePositionDialog({ symbol, quantity }: ClosePositionDialogProps) {
  const [open, setOpen] = useState(false);
  const [percentage, setPercentage] = useState(String(DEFAULT_CLOSE_PERCENTAGE));
  const value = Number(percentage);
  const valid = percentage.trim() !== '' && Number.isFinite(value) && value > 0 && value <= 100;
  const shares = valid ? sharesToClose(quantity, value) : 0;

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setPercentage(String(DEFAULT_CLOSE_PERCENTAGE));
      }}
      trigger={closeTrigger(symbol)}
      title={`Close ${symbol} position`}
      action={
        <CloseAction
          symbol={symbol}
          percentage={valid ? value : null}
          shares={shares}
          onClosed={() => setOpen(false)}
        />
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" textStyle="sm">
          You hold {formatShares(quantity)} shares. A market order sells the chosen part.
        </Text>
        <Field.Root invalid={!valid}>
          <Field.Label>Percentage to close</Field.Label>
          <Input inputMode="decimal" value={percentage} onChange={(event) => setPercentage(event.target.value)} />
          <Field.ErrorText>Enter a percentage greater than 0 and at most 100.</Field.ErrorText>
        </Field.Root>
        <HStack gap="2" wrap="wrap">
          {QUICK_PERCENTAGES.map((quick) => (
            <Button
              key={quick}
              size="xs"
              variant={value === quick ? 'solid' : 'outline'}
              onClick={() => setPercentage(String(quick))}
            >
              {quick}%
            </Button>
          ))}
        </HStack>
        <Text textStyle="sm">
          Sells <strong>{formatShares(shares)}</strong> of {formatShares(quantity)} shares.
        </Text>
        <OfflineReason />
      </Stack>
    </ActionDialog>
  );
}

/** Why the sale cannot be sent offline (nothing online). */
function OfflineReason() {
  return useOnline() ? null : (
    <Text textStyle="sm" color="fg.warning">
      {OFFLINE_ORDER_REASON}
    </Text>
  );
}

/** The dialog's "Sell" button: sends the market order for `percentage` (null: not a valid one). */
function CloseAction({
  symbol,
  percentage,
  shares,
  onClosed,
}: {
  symbol: string;
  percentage: number | null;
  shares: number;
  onClosed(): void;
}) {
  const online = useOnline();
  const closePosition = useClosePosition();
  const confirm = () => {
    if (percentage === null) return;
    closePosition.mutate(
      { symbol, percentage },
      {
        onSuccess: onClosed,
        onError: (error) =>
          toast({
            title: 'Could not close the position',
            description: orderFailureText(error),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <Button
      colorPalette="red"
      onClick={confirm}
      disabled={percentage === null || shares === 0 || !online}
      loading={closePosition.isPending}
    >
      Sell {formatShares(shares)} {symbol}
    </Button>
  );
}
