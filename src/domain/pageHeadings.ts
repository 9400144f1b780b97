/**
 * The headings of the pages the static shell in index.html knows (src/app/shell/staticShell.ts): one text for the
 * shell and for the page's own PageHeader, so the page replaces the shell's heading in place. Pure.
 */

/** A page's heading as its PageHeader first paints it, before the page has data. */
export interface StaticHeading {
  title: string;
  description: string;
}

/** The Dashboard's heading. */
export const DASHBOARD_HEADING: StaticHeading = {
  title: 'Dashboard',
  description: 'Your portfolio, the market and the trading system at a glance.',
};

/** The Portfolio's heading until its data has loaded. */
export const PORTFOLIO_HEADING: StaticHeading = {
  title: 'Portfolio',
  description: 'Your holdings, cash and performance.',
};

const FIXED: Record<string, StaticHeading> = {
  '/': DASHBOARD_HEADING,
  '/dashboard': DASHBOARD_HEADING,
  '/overview': DASHBOARD_HEADING,
  '/portfolio': PORTFOLIO_HEADING,
};

/** A stock page's heading before its quote has loaded. */
export function stockHeading(ticker: string): StaticHeading {
  return { title: `Stock details: ${ticker}`, description: 'Quote, chart, technical analysis and order ticket.' };
}

const STOCK_PATH = /^\/stocks?\/([^/]+)\/?$/;

/**
 * The heading the static shell in index.html shows on `pathname` while the app loads (the page's own until its data
 * has loaded, in the same place); null on pages it does not know.
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
