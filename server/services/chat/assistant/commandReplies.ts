import type { ChatMessageMetadataRecord, TradingDataCard } from '../../../../src/domain/chat/messages';
import { DEFAULT_CHART_INTERVAL, orderCardTotal } from '../../../../src/domain/chat/messages';
import { helpText, type ParsedCommand } from '../../../../src/domain/chat/slashCommands';
import type { AssistantReply } from '../send';
import { quantity, round, signedPercent, signedUsd, usd } from './format';
import type { AnalysisView, AssistantPorts, PortfolioView, QuoteView } from './ports';

/** Indicators a chart card shows for an analysis. */
export const ANALYSIS_CHART_INDICATORS = ['SMA20', 'SMA50', 'BB', 'RSI', 'MACD'];

const RECOMMENDATION_TEXT: Readonly<Record<string, string>> = {
  STRONG_BUY: 'Strong buy',
  BUY: 'Buy',
  HOLD: 'Hold',
  SELL: 'Sell',
  STRONG_SELL: 'Strong sell',
};

const reply = (content: string, metadata: ChatMessageMetadataRecord | null = null): AssistantReply => ({
  content,
  metadata,
});

export const unknownSymbolReply = (symbol: string) =>
  reply(`I don't know the symbol **${symbol}**. Check the ticker and try again.`, {
    alertType: 'warning',
    description: `Unknown symbol ${symbol}`,
  });

export function quoteLine(quote: QuoteView): string {
  return `**${quote.symbol}** (${quote.name}) ${usd(quote.price)}, ${signedUsd(quote.change)} (${signedPercent(quote.changePercent)}) today`;
}

/** An order card for a proposed trade: nothing is placed until the user confirms it. */
export function orderProposal(
  action: 'buy' | 'sell',
  quote: QuoteView,
  shares: number,
  limitPrice: number | undefined,
): AssistantReply {
  const card: TradingDataCard = {
    action,
    symbol: quote.symbol,
    quantity: shares,
    price: limitPrice ?? null,
    currentPrice: quote.price,
    change: quote.change,
    changePercent: quote.changePercent,
  };
  const total = orderCardTotal(card);
  const how = limitPrice === undefined ? 'at market' : `with a limit of ${usd(limitPrice)}`;
  const verb = action === 'buy' ? 'Buy' : 'Sell';
  return reply(
    [
      `**${verb} ${quantity(shares)} ${quote.symbol}** ${how}: about ${usd(total ?? 0)} in all.`,
      '',
      `${quoteLine(quote)}.`,
      '',
      'Nothing has been placed yet: press **Confirm** to send this order to your paper account, or **Cancel**.',
    ].join('\n'),
    { tradingData: card },
  );
}

export function analysisReply(analysis: AnalysisView, quote: QuoteView | undefined): AssistantReply {
  const { indicators: i } = analysis;
  const lines = [
    `**${analysis.symbol} technical analysis** (daily)`,
    '',
    ...(quote ? [`${quoteLine(quote)}.`, ''] : []),
    `- Trend: ${analysis.trend}; volatility ${analysis.volatility === null ? 'n/a' : `${round(analysis.volatility)}% (ATR)`}`,
    `- RSI(14): ${round(i.rsi, 1)}; MACD ${round(i.macd.macd)} vs signal ${round(i.macd.signal)}`,
    `- SMA20 ${round(i.sma20)}, SMA50 ${round(i.sma50)}; Bollinger ${round(i.bollingerBands.lower)} to ${round(i.bollingerBands.upper)}`,
    `- Support ${analysis.support === null ? 'n/a' : usd(analysis.support)}, resistance ${analysis.resistance === null ? 'n/a' : usd(analysis.resistance)}`,
    '',
    `**Overall: ${RECOMMENDATION_TEXT[analysis.recommendation] ?? analysis.recommendation}**`,
    ...(analysis.signals.length > 0
      ? ['', 'Signals:', ...analysis.signals.map((signal) => `- ${signal.description} (${signal.recommendation})`)]
      : []),
    '',
    '_Technical indicators describe past prices; they are not a guarantee or financial advice._',
  ];
  return reply(lines.join('\n'), {
    chartData: { symbol: analysis.symbol, interval: DEFAULT_CHART_INTERVAL, indicators: ANALYSIS_CHART_INDICATORS },
  });
}

export function portfolioReply(portfolio: PortfolioView): AssistantReply {
  const holdings = [...portfolio.positions].sort((a, b) => b.marketValue - a.marketValue);
  const lines = [
    `**Portfolio: ${usd(portfolio.totalValue)}**`,
    '',
    `- Cash ${usd(portfolio.cash)}; buying power ${usd(portfolio.buyingPower)}`,
    `- Today ${signedUsd(portfolio.dayGainLoss)} (${signedPercent(portfolio.dayGainLossPercent)})`,
    `- Total ${signedUsd(portfolio.totalGainLoss)} (${signedPercent(portfolio.totalGainLossPercent)})`,
    '',
    holdings.length === 0 ? 'You hold no positions yet.' : `**${holdings.length} positions**`,
    ...holdings.map(
      (position) =>
        `- ${position.symbol}: ${quantity(position.quantity)} × ${usd(position.currentPrice)} = ${usd(position.marketValue)} (${signedUsd(position.unrealizedPnL)}, ${signedPercent(position.unrealizedPnLPercent)})`,
    ),
  ];
  return reply(lines.join('\n'), {
    alertType: 'info',
    description: `Total value ${usd(portfolio.totalValue)} · cash ${usd(portfolio.cash)} · today ${signedUsd(portfolio.dayGainLoss)}`,
    action: 'portfolio',
  });
}

/** Runs a parsed slash command against the app's services. */
export async function commandReply(
  ports: AssistantPorts,
  userId: string,
  command: ParsedCommand,
): Promise<AssistantReply> {
  switch (command.kind) {
    case 'help':
      return reply(helpText(command.command));
    case 'buy':
    case 'sell': {
      const quote = await ports.quote(command.symbol);
      return quote
        ? orderProposal(command.kind, quote, command.quantity, command.price)
        : unknownSymbolReply(command.symbol);
    }
    case 'analyze': {
      const [analysis, quote] = await Promise.all([ports.analysis(command.symbol), ports.quote(command.symbol)]);
      return analysis ? analysisReply(analysis, quote) : unknownSymbolReply(command.symbol);
    }
    case 'portfolio':
      return portfolioReply(await ports.portfolio(userId));
    case 'performance': {
      const result = await ports.performance(userId, command.period);
      return reply(
        [
          `**Performance, ${result.period}** (${result.from} to ${result.to})`,
          '',
          `- Start ${usd(result.startValue)}, now ${usd(result.endValue)}`,
          `- Return ${signedUsd(result.change)} (${signedPercent(result.changePercent)})`,
        ].join('\n'),
        {
          alertType: result.change >= 0 ? 'success' : 'warning',
          description: `${result.period} return ${signedPercent(result.changePercent)}`,
        },
      );
    }
    case 'alert': {
      const quote = await ports.quote(command.symbol);
      if (!quote) return unknownSymbolReply(command.symbol);
      const alert = await ports.createAlert(userId, {
        symbol: command.symbol,
        condition: command.condition,
        triggerPrice: command.value,
      });
      return reply(`Price alert set: **${alert.message}**. ${quoteLine(quote)}. I'll notify you when it triggers.`, {
        alertType: 'success',
        description: alert.message,
        action: 'alert',
      });
    }
    case 'strategy':
      return strategyReply(ports, userId, command.action, command.argument);
  }
}

const STRATEGY_USAGE =
  'Usage: `/strategy create <name>` (or `/strategy create <template> <name>`, e.g. `sma-crossover`), `/strategy view <name>`, `/strategy list`.';

async function strategyReply(
  ports: AssistantPorts,
  userId: string,
  action: 'create' | 'view' | 'list',
  argument: string | undefined,
): Promise<AssistantReply> {
  if (action === 'list') {
    const list = await ports.strategies.list(userId);
    if (list.length === 0) {
      return reply(`You have no strategies yet. Create one with \`/strategy create <name>\`.`);
    }
    return reply(
      [
        `**Your strategies (${list.length})**`,
        '',
        ...list.map((strategy) => `- **${strategy.name}**: ${strategy.status}, ${strategy.tradesCount ?? 0} trades`),
      ].join('\n'),
    );
  }
  if (!argument)
    return reply(`Please name the strategy. ${STRATEGY_USAGE}`, { alertType: 'warning', description: STRATEGY_USAGE });
  if (action === 'create') {
    try {
      const strategy = await ports.strategies.create(userId, argument);
      return reply(
        `Strategy **${strategy.name}** created. It is paused: it places no trades on its own until you activate it.`,
        {
          strategyData: strategy,
        },
      );
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      return reply(text, { alertType: 'warning', description: text });
    }
  }
  const strategy = await ports.strategies.find(userId, argument);
  return strategy
    ? reply(`**${strategy.name}**: ${strategy.status}, ${strategy.tradesCount ?? 0} trades so far.`, {
        strategyData: strategy,
      })
    : reply(`You have no strategy named **${argument}**. \`/strategy list\` shows yours.`, {
        alertType: 'warning',
        description: `No strategy named ${argument}`,
      });
}
