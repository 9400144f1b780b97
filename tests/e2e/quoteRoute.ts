// Live quotes through Playwright's WebSocket route: every message passes, and the pushes of one symbol are
// counted, unless the test holds the quotes (then no push reaches the page).
import type { Page } from 'playwright-core';

export interface RoutedQuotes {
  /** Set by the test: while true, no quote push reaches the page. */
  held: boolean;
  /** How many pushes of the symbol reached the page. */
  passed: number;
  /** The price of the last push of the symbol that reached the page (NaN before any). */
  last: number;
}

/** The symbol and price of a graphql-ws quote push, else null. */
function quotePush(message: string | Buffer): { symbol: string; price: number } | null {
  if (typeof message !== 'string' || !message.includes('"marketDataUpdates"')) return null;
  const parsed = JSON.parse(message) as {
    payload?: { data?: { marketDataUpdates?: { symbol: string; price: number } } };
  };
  return parsed.payload?.data?.marketDataUpdates ?? null;
}

/** Routes the page's GraphQL WebSocket through the test, counting `symbol`'s quote pushes (see RoutedQuotes). */
export async function routeQuotes(page: Page, symbol: string): Promise<RoutedQuotes> {
  const quotes: RoutedQuotes = { held: false, passed: 0, last: Number.NaN };
  await page.routeWebSocket(/\/graphql$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const push = quotePush(message);
      if (push && quotes.held) return;
      if (push?.symbol === symbol) {
        quotes.passed++;
        quotes.last = push.price;
      }
      socket.send(message);
    });
  });
  return quotes;
}
