import { Button, CloseButton, Dialog, Field, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DEFAULT_CLOSE_PERCENTAGE } from '../../../domain/constants';
import { toast } from '../../../components/toast/toaster';
import { orderFailureText } from '../../orders/orderFailure';
import { formatShares } from '../../market/formatMarket';
import { OFFLINE_ORDER_REASON, useOnline } from '../../orders/useOnline';
import { sharesToClose } from '../livePositions';
import { useClosePosition } from '../mutations';

const QUICK_PERCENTAGES = [25, 50, 75, 100] as const;

interface ClosePositionDialogProps {
  symbol: string;
  quantity: number;
}

/** "Close" on a position: choose a percentage (100 by default) and sell it with a market order. */
export function ClosePositionDialog({ symbol, quantity }: ClosePositionDialogProps) {
  const [open, setOpen] = useState(false);
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
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (details.open) setPercentage(String(DEFAULT_CLOSE_PERCENTAGE));
      }}
      placement="center"
    >
      <Dialog.Trigger asChild>
        <Button size="xs" variant="outline" colorPalette="red" aria-label={`Close ${symbol} position`}>
          Close
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Close {symbol} position</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted" textStyle="sm">
                  You hold {formatShares(quantity)} shares. A market order sells the chosen part.
                </Text>
                <Field.Root invalid={!valid}>
                  <Field.Label>Percentage to close</Field.Label>
                  <Input
                    inputMode="decimal"
                    value={percentage}
                    onChange={(event) => setPercentage(event.target.value)}
                  />
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
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                onClick={confirm}
                disabled={!valid || shares === 0 || !online}
                loading={closePosition.isPending}
              >
                Sell {formatShares(shares)} {symbol}
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
