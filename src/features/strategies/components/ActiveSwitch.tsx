import { Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '../../../components/toast/toaster';
import type { StrategyFieldsFragment } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { isLocalStrategyId } from '../../../data/strategies';
import { useOnline } from '../../orders/useOnline';
import { useSetStrategyActive } from '../mutations';

/**
 * Turns a strategy's automated trading on or off: on, the server trades it on each closed bar of its interval; off, it
 * stops and the orders it left working are cancelled (the toast says so). A refusal is shown as the server words it
 * and the switch stays as it was. Never queued (it trades or cancels orders): disabled offline, and for a strategy
 * created on this device that the server does not have yet.
 */
export function ActiveSwitch({ strategy }: { strategy: Pick<StrategyFieldsFragment, 'id' | 'name' | 'isActive'> }) {
  const setActive = useSetStrategyActive();
  const online = useOnline();
  const blocked = !online
    ? "You're offline. Turning a strategy on or off needs a live connection."
    : isLocalStrategyId(strategy.id)
      ? 'Not on the server yet: it can be turned on once it is synced.'
      : null;
  // The switch flips on click; a refusal leaves `isActive` as it was, so it is mounted again to show it.
  const [refusals, setRefusals] = useState(0);
  return (
    <Switch.Root
      key={refusals}
      size="sm"
      colorPalette="brand"
      checked={strategy.isActive}
      disabled={setActive.isPending || blocked !== null}
      title={blocked ?? undefined}
      onCheckedChange={({ checked }) =>
        setActive.mutate(
          { id: strategy.id, active: checked },
          {
            onSuccess: () =>
              toast({
                title: checked ? 'Strategy activated' : 'Strategy deactivated',
                description: checked
                  ? `${strategy.name} now trades on each closed bar of its interval.`
                  : `${strategy.name} stopped trading; its open orders were cancelled.`,
              }),
            onError: (error) => {
              setRefusals((count) => count + 1);
              toast({
                title: checked ? 'Strategy not activated' : 'Strategy not deactivated',
                description: errorText(error),
                variant: 'destructive',
              });
            },
          },
        )
      }
    >
      <Switch.HiddenInput role="switch" aria-label={`Active: ${strategy.name}`} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}
