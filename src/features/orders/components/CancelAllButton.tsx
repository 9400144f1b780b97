import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBan } from 'react-icons/lu';
import { ActionDialog } from '../../../components/dialog/ActionDialog';
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
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      alert
      trigger={
        <Button size="sm" variant="outline" colorPalette="red" disabled={openCount === 0 || !online}>
          <LuBan />
          Cancel all
        </Button>
      }
      title="Cancel all open orders?"
      cancelLabel="Keep orders"
      action={
        <Button colorPalette="red" onClick={confirm} loading={cancelAll.isPending}>
          Cancel all orders
        </Button>
      }
    >
      <Text>
        {openCount} open order{openCount === 1 ? '' : 's'}
        {symbol ? ` of ${symbol}` : ''} will be cancelled. Filled shares stay as they are.
      </Text>
    </ActionDialog>
  );
}
