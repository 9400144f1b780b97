import { Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '../../../components/toast/toaster';
import type { StrategyFieldsFragment } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { useSetStrategyActive } from '../mutations';

/**
 * Turns a strategy's automated trading on or off. The server refuses activation for now (automated trading is not
 * available yet): its message is shown as it is and the switch stays off. Deactivation is accepted.
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
