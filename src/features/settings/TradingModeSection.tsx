import { Badge, Box, Stack, Text } from '@chakra-ui/react';
import { LuShieldCheck } from 'react-icons/lu';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { StatList } from '../../components/page/StatList';
import { TradingModeSwitch } from '../trading/components/TradingModeSwitch';
import { useTradingMode } from '../trading/useTradingMode';
import { RISK_TOLERANCE_LABELS } from './preferencesForm';

const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** The Paper/Live switch with the server's view of the mode, brokers and risk limits. */
export function TradingModeSection() {
  const { config } = useTradingMode();
  return (
    <SectionCard
      title="Trading mode"
      icon={LuShieldCheck}
      description="Paper trading uses simulated money. Live trading needs a connected, verified broker account."
    >
      <Stack gap="5">
        <Box maxW="xs">
          <TradingModeSwitch showLabel={false} />
        </Box>
        <QueryContent query={config} what="The trading mode configuration" skeletonLines={4}>
          {({ tradingMode }) => (
            <StatList
              items={[
                { label: 'Effective mode', value: tradingMode.effectiveMode === 'live' ? 'Live' : 'Paper' },
                {
                  label: 'Live trading',
                  value: (
                    <Badge colorPalette={tradingMode.canTradeLive ? 'green' : 'gray'} variant="subtle">
                      {tradingMode.canTradeLive ? 'Available' : 'Not available'}
                    </Badge>
                  ),
                },
                { label: 'Active broker', value: tradingMode.activeBroker?.name ?? 'None' },
                { label: 'Risk tolerance', value: RISK_TOLERANCE_LABELS[tradingMode.preferences.riskTolerance] },
                { label: 'Max position size', value: usd.format(tradingMode.preferences.maxPositionSize) },
                { label: 'Daily loss limit', value: usd.format(tradingMode.preferences.dailyLossLimit) },
              ]}
            />
          )}
        </QueryContent>
        <Text textStyle="xs" color="fg.muted">
          Position size and loss limits are your trading parameters, set below.
        </Text>
      </Stack>
    </SectionCard>
  );
}
