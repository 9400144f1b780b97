/** A page's heading as its PageHeader first paints it, before the page has data. */
export interface StaticHeading {
  title: string;
  description: string;
}

/** The Dashboard's heading, as DashboardPage's PageHeader shows it. */
export const DASHBOARD_HEADING: StaticHeading = {
  title: 'Dashboard',
  description: 'Your portfolio, the market and the trading system at a glance.',
};

const FIXED: Record<string, StaticHeading> = {
  '/': DASHBOARD_HEADING,
  '/dashboard': DASHBOARD_HEADING,
  '/overview': DASHBOARD_HEADING,
  '/portfolio': { title: 'Portfolio', description: 'Your holdings, cash and performance.' },
};

/** A stock page's heading before its quote has loaded, as StockDetailsPage's PageHeader shows it. */
export function stockHeading(ticker: string): StaticHeading {
  return { title: `Stock details: ${ticker}`, description: 'Quote, chart, technical analysis and order ticket.' };
}

const STOCK_PATH = /^\/stocks?\/([^/]+)\/?$/;

/**
 * The heading the static shell in index.html shows on `pathname` while the app loads (the same text and place as
 * the page's own, so the page replaces it without a visible change); null on pages it does not know.
 */
export function staticHeading(pathname: string): StaticHeading | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const fixed = FIXED[path];
  if (fixed) return fixed;
  const stock = STOCK_PATH.exec(pathname)?.[1];
  if (!stock) return null;
  let symbol = stock;
  try {
    symbol = decodeURIComponent(stock);
  } catch {
    // A malformed escape: the path's text as it is.
  }
  return stockHeading(symbol.toUpperCase());
}
