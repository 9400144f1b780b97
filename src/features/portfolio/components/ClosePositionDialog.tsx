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
 * "Close" on a position: choose a percentage (100 by default) and sell it with a market order. Until it first
 * opens, a row holds only the button: the dialog's state, its mutation and its online status start with the
 * first click (a table of positions has one per row).
 */
export function ClosePositionDialog(props: ClosePositionDialogProps) {
  const [opened, setOpened] = useState(false);
  if (opened) return <OpenedClosePositionDialog {...props} />;
  return (
    <ActionDialog
      open={false}
      onOpenChange={(next) => {
        if (next) setOpened(true);
      }}
      trigger={closeTrigger(props.symbol)}
      title={`Close ${props.symbol} position`}
      action={null}
    >
      {null}
    </ActionDialog>
  );
}

/** The dialog once opened (it then stays mounted, closed or open, like every ActionDialog). */
function OpenedClosePositionDialog({ symbol, quantity }: ClosePositionDialogProps) {
  const [open, setOpen] = useState(true);
  const [percentage, setPercentage] = useState(String(DEFAULT_CLOSE_PERCENTAGE));
  const online = useOnline();
  const closePosition = useClosePosition();
  const value = Number(percentage);
  const valid = percentage.trim() !== '' && Number.isFinite(value) && value > 0 && value <= 100;
  const shares = valid ? sharesToClose(quantity, value) : 0;

  const confirm = () => {
    closePosition.mutate(
      { symbol, percentage: value },
      {
        onSuccess: () => setOpen(false),
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
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setPercentage(String(DEFAULT_CLOSE_PERCENTAGE));
      }}
      trigger={closeTrigger(symbol)}
      title={`Close ${symbol} position`}
      action={
        <Button
          colorPalette="red"
          onClick={confirm}
          disabled={!valid || shares === 0 || !online}
          loading={closePosition.isPending}
        >
          Sell {formatShares(shares)} {symbol}
        </Button>
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
        {!online ? (
          <Text textStyle="sm" color="fg.warning">
            {OFFLINE_ORDER_REASON}
          </Text>
        ) : null}
      </Stack>
    </ActionDialog>
  );
}
