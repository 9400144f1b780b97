import { Alert, Badge } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuClock } from 'react-icons/lu';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { StatList } from '../../../components/page/StatList';
import { formatDateTime } from '../../../lib/format';
import { MARKET_STATUS_DISPLAY } from '../marketStatus';
import { TRADING_STATUS_REFRESH_MS, tradingStatusQuery } from '../queries';
import { useTradingMode } from '../useTradingMode';

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <Badge colorPalette={value ? 'green' : 'gray'} variant="subtle">
      {value ? yes : no}
    </Badge>
  );
}

/** Market status, next open and close in the user's time zone, whether trading is enabled, and the mode. */
export function TradingStatusCard() {
  const query = useQuery({ ...tradingStatusQuery(), refetchInterval: TRADING_STATUS_REFRESH_MS });
  const { mode } = useTradingMode();
  const market = query.data ? MARKET_STATUS_DISPLAY[query.data.tradingStatus.marketStatus] : null;
  return (
    <SectionCard
      title="Trading status"
      icon={LuClock}
      aside={
        market ? (
          <Badge colorPalette={market.palette} variant="surface" size="md">
            Market {market.label.toLowerCase()}
          </Badge>
        ) : null
      }
    >
      <QueryContent query={query} what="Trading status">
        {({ tradingStatus }) => (
          <>
            {tradingStatus.emergencyStop ? (
              <Alert.Root status="error" mb="4" size="sm">
                <Alert.Indicator />
                <Alert.Title>Emergency stop is on: no orders are sent.</Alert.Title>
              </Alert.Root>
            ) : null}
            <StatList
              items={[
                { label: 'Market', value: MARKET_STATUS_DISPLAY[tradingStatus.marketStatus].label },
                { label: 'Next open', value: formatDateTime(tradingStatus.nextOpen) },
                { label: 'Next close', value: formatDateTime(tradingStatus.nextClose) },
                {
                  label: 'Trading',
                  value: <YesNo value={tradingStatus.tradingEnabled} yes="Enabled" no="Disabled" />,
                },
                { label: 'Active strategies', value: String(tradingStatus.activeStrategies) },
                {
                  label: 'Mode',
                  value: (
                    <Badge colorPalette={mode === 'live' ? 'red' : 'brand'} variant="subtle">
                      {mode === 'live' ? 'Live' : 'Paper'}
                    </Badge>
                  ),
                },
              ]}
            />
          </>
        )}
      </QueryContent>
    </SectionCard>
  );
}
