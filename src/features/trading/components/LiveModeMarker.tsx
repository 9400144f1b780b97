import { Badge } from '@chakra-ui/react';
import { useTradingMode } from '../useTradingMode';

/** The shell's red 'Live' marker (issue 14 point 7): shown at all times while orders go to a live broker. */
export function LiveModeMarker() {
  const { mode } = useTradingMode();
  if (mode !== 'live') return null;
  return (
    <Badge
      colorPalette="red"
      variant="solid"
      size="md"
      fontWeight="bold"
      letterSpacing="wide"
      title="Live trading: orders go to your live broker account"
      data-testid="live-mode-marker"
    >
      Live
    </Badge>
  );
}
