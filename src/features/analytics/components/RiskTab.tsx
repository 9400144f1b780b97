import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuChartArea, LuGrid3X3, LuChartPie, LuShieldAlert } from 'react-icons/lu';
import { CurveChart } from '../../../components/charts/CurveChart';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import type { TradingMode } from '../../../graphql/generated/graphql';
import type { AnalyticsPeriod } from '../analyticsPeriods';
import {
  benchmarkName,
  dayTime,
  fractionText,
  ratioText,
  shareText,
  underwater,
  underwaterSummary,
} from '../analyticsFormat';
import { analyticsPortfolioQuery } from '../queries';
import { AccountBadge } from './AccountBadge';
import { CorrelationHeatmap } from './CorrelationHeatmap';
import { FigureGrid, FigureTile } from './FigureTile';
import { KeyBars } from './KeyBars';
import type { AnalyticsReport } from './PnlTab';

/** The Risk tab: the underwater curve, VaR and CVaR, volatility, beta, concentration and the holdings' correlations. */
export function RiskTab({
  report,
  period,
  mode,
}: {
  report: AnalyticsReport;
  period: AnalyticsPeriod;
  mode: TradingMode;
}) {
  const analysis = useQuery(analyticsPortfolioQuery(period, mode));
  const metrics = report.metrics;
  const days = report.pnl ?? [];
  const base = report.equity?.[0]?.date;
  const depths = underwater(days.map((d) => d.return));
  const dates = days.map((d) => d.date);
  const drawdown = metrics?.maxDrawdown;
  return (
    <Stack gap="5">
      <SectionCard
        title="Underwater"
        icon={LuChartArea}
        description="How far below its last peak the time-weighted equity was each day."
      >
        {base && days.length > 0 ? (
          <Stack gap="2">
            <CurveChart
              series={[
                {
                  name: 'Drawdown',
                  color: 'down',
                  points: [
                    { time: dayTime(base), value: 0 },
                    ...depths.map((d, i) => ({ time: dayTime(dates[i]!), value: d * 100 })),
                  ],
                },
              ]}
              unit="percent"
              label={`Underwater drawdown. ${underwaterSummary(depths, dates)}`}
              height={{ base: '12rem', md: '16rem' }}
            />
            <Text textStyle="xs" color="fg.muted">
              {underwaterSummary(depths, dates)}
            </Text>
          </Stack>
        ) : (
          <Text textStyle="sm" color="fg.muted">
            At least two recorded days are needed in the period.
          </Text>
        )}
      </SectionCard>
      <SectionCard
        title="Risk figures"
        icon={LuShieldAlert}
        description={`Daily returns of the period against ${benchmarkName(report.benchmark)}.`}
      >
        {metrics?.reason ? (
          <Text textStyle="sm" color="fg.muted" mb="3">
            {metrics.reason}.
          </Text>
        ) : null}
        <FigureGrid>
          <FigureTile
            label="Max drawdown"
            value={drawdown ? fractionText(drawdown.depth) : '—'}
            signed
            hint={
              drawdown?.trough
                ? `Peak ${drawdown.start ?? '—'}, trough ${drawdown.trough}, ${drawdown.recovery ? `recovered ${drawdown.recovery}` : 'not recovered'}.`
                : 'The deepest fall from a peak.'
            }
          />
          <FigureTile
            label="Volatility"
            value={shareText(metrics?.volatility)}
            hint="Annualised standard deviation of daily returns."
          />
          <FigureTile
            label="VaR 95 % (historical)"
            value={shareText(metrics?.historicalVaR.var95)}
            hint="A day's loss exceeded on 5 % of past days."
          />
          <FigureTile
            label="CVaR 95 % (historical)"
            value={shareText(metrics?.historicalVaR.cvar95)}
            hint="The average loss on those worst 5 % of days."
          />
          <FigureTile
            label="VaR 95 % (parametric)"
            value={shareText(metrics?.parametricVaR.var95)}
            hint="The same from a normal fit of the returns."
          />
          <FigureTile
            label="CVaR 95 % (parametric)"
            value={shareText(metrics?.parametricVaR.cvar95)}
            hint="The normal fit's average loss beyond VaR."
          />
          <FigureTile
            label="Beta"
            value={ratioText(metrics?.beta)}
            hint="Move of your returns per 1 % of the benchmark's."
          />
          <FigureTile
            label="Correlation"
            value={ratioText(metrics?.correlation)}
            hint="How closely your daily returns follow the benchmark (−1 to 1)."
          />
        </FigureGrid>
      </SectionCard>
      <QueryContent query={analysis} what="Portfolio analysis">
        {({ data }) => (
          <Stack gap="3">
            {/* The page's badge names the report's account; the holdings name theirs when it is another. */}
            {data.account !== report.account ? <AccountBadge account={data.account} testId="analysis-account" /> : null}
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
              <SectionCard
                title="Concentration"
                icon={LuChartPie}
                description="Weights of your holdings in the invested value."
              >
                <Stack gap="4">
                  <SimpleGrid columns={2} gap="3">
                    <FigureTile
                      label="Herfindahl index"
                      value={ratioText(data.diversification.herfindahl)}
                      hint="Σ of squared weights: 1 is a single holding."
                    />
                    <FigureTile
                      label="Effective holdings"
                      value={ratioText(data.diversification.effectiveHoldings)}
                      hint="1 ÷ Herfindahl: equal-weight equivalent."
                    />
                    <FigureTile
                      label="Cash"
                      value={shareText(data.allocation.cashWeight)}
                      hint="Share of equity held in cash."
                    />
                    <FigureTile
                      label="Largest holding"
                      value={shareText(data.diversification.bySymbol[0]?.weight)}
                      hint={data.diversification.bySymbol[0]?.key ?? 'No positions.'}
                    />
                  </SimpleGrid>
                  <KeyBars
                    name="Weights by symbol"
                    rows={data.diversification.bySymbol
                      .slice(0, 10)
                      .map((w) => ({ key: w.key, label: w.key, value: w.weight }))}
                    format={(v) => shareText(v, 1)}
                    signed={false}
                    empty="No open positions."
                  />
                </Stack>
              </SectionCard>
              <SectionCard
                title="Correlation of holdings"
                icon={LuGrid3X3}
                description="Daily close-to-close returns of each pair over the period's risk window."
              >
                <CorrelationHeatmap pairs={data.correlations} />
              </SectionCard>
            </SimpleGrid>
          </Stack>
        )}
      </QueryContent>
    </Stack>
  );
}
