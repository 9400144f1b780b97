import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBan } from 'react-icons/lu';
import { toast } from '../../../components/toast/toaster';
import { orderFailureText } from '../orderFailure';
import { useCancelAllOrders } from '../mutations';
import { useOnline } from '../useOnline';

/** "Cancel all" open orders (of one symbol when given), after a confirmation. */
export function CancelAllButton({ symbol = null, openCount }: { symbol?: string | null; openCount: number }) {
  const [open, setOpen] = useState(false);
  const cancelAll = useCancelAllOrders();
  const online = useOnline();
  const confirm = () =>
    cancelAll.mutate(symbol, {
      onSuccess: ({ cancelAllOrders }) => {
        setOpen(false);
        toast({
          title: `${cancelAllOrders.cancelled} order${cancelAllOrders.cancelled === 1 ? '' : 's'} cancelled`,
          description: cancelAllOrders.errors.length > 0 ? cancelAllOrders.errors.join(' ') : undefined,
          variant: cancelAllOrders.errors.length > 0 ? 'destructive' : 'default',
        });
      },
      onError: (error) =>
        toast({ title: 'Could not cancel the orders', description: orderFailureText(error), variant: 'destructive' }),
    });

  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="center" role="alertdialog">
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="red" disabled={openCount === 0 || !online}>
          <LuBan />
          Cancel all
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Cancel all open orders?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {openCount} open order{openCount === 1 ? '' : 's'}
                {symbol ? ` of ${symbol}` : ''} will be cancelled. Filled shares stay as they are.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Keep orders</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={confirm} loading={cancelAll.isPending}>
                Cancel all orders
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
