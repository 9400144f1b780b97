import { Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '../../../components/toast/toaster';
import type { StrategyFieldsFragment } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { useSetStrategyActive } from '../mutations';

/**
 * Turns a strategy's automated trading on or off: on, the server trades it on each closed bar of its interval; off, it
 * stops and the orders it left working are cancelled (the toast says so). A refusal is shown as the server words it
 * and the switch stays as it was.
 */
export function ActiveSwitch({ strategy }: { strategy: Pick<StrategyFieldsFragment, 'id' | 'name' | 'isActive'> }) {
  const setActive = useSetStrategyActive();
  // The switch flips on click; a refusal leaves `isActive` as it was, so it is mounted again to show it.
  const [refusals, setRefusals] = useState(0);
  return (
    <Switch.Root
      key={refusals}
      size="sm"
      colorPalette="brand"
      checked={strategy.isActive}
      disabled={setActive.isPending}
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
