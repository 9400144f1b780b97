/**
 * Why the paper broker refuses an order: stable codes (GraphQL `extensions.code`) and the text shown for each,
 * one table for the server's messages and the client's.
 */
export const ORDER_ERROR_TEXTS = {
  unknown_symbol: 'Unknown symbol: this stock is not traded here.',
  invalid_quantity: 'Quantity must be a whole number of shares greater than 0.',
  invalid_fractional_quantity: 'Quantity must be greater than 0 (at most 6 decimal places).',
  invalid_limit_price: 'A limit price greater than 0 is required for limit orders.',
  invalid_stop_price: 'A stop price greater than 0 is required for stop orders.',
  unexpected_price: 'This order type does not take that price.',
  insufficient_buying_power: 'Insufficient buying power for this order.',
  insufficient_position: 'You cannot sell more shares than you hold (no short selling).',
  max_position_size_exceeded: 'This order would make the position larger than your maximum position size.',
  daily_loss_limit_reached: "Today's loss has reached your daily loss limit: new buy orders are blocked.",
  emergency_stop: 'Trading is halted by the emergency stop.',
  live_trading_not_allowed: 'Live trading requires a connected and verified live broker account.',
  asset_type_excluded: 'Your asset preferences exclude this type of asset.',
  allocation_exceeded: 'This order would invest more of the account than your account size allocation.',
  market_closed: 'The market is closed: immediate-or-cancel and fill-or-kill orders cannot wait for the open.',
  no_position: 'You hold no shares of this symbol.',
  invalid_percentage: 'Percentage must be greater than 0 and at most 100.',
  order_not_cancellable: 'Only open or partially filled orders can be cancelled.',
} as const;

export type OrderErrorCode = keyof typeof ORDER_ERROR_TEXTS;

export function isOrderErrorCode(code: unknown): code is OrderErrorCode {
  return typeof code === 'string' && Object.hasOwn(ORDER_ERROR_TEXTS, code);
}

/** The text for a code from the server, or null for any other code. */
export function orderErrorText(code: unknown): string | null {
  return isOrderErrorCode(code) ? ORDER_ERROR_TEXTS[code] : null;
}

/** The limit a refusal names: an amount in cents, a percentage of the equity, or an asset type. */
export type OrderErrorDetail = { cents: number } | { percent: number } | { assetType: string };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const ASSET_TYPE_NAMES: Record<string, string> = {
  stocks: 'Stocks',
  etfs: 'ETFs',
  options: 'Options',
  crypto: 'Crypto',
};

/** The text of a refusal, naming the user's limit and its value when it has one. */
export function orderErrorMessage(code: OrderErrorCode, detail?: OrderErrorDetail): string {
  if (detail === undefined) return ORDER_ERROR_TEXTS[code];
  if ('assetType' in detail) {
    const name = ASSET_TYPE_NAMES[detail.assetType] ?? detail.assetType;
    return `${name} are excluded by your asset preferences.`;
  }
  const value = 'cents' in detail ? usd.format(detail.cents / 100) : `${detail.percent}%`;
  switch (code) {
    case 'max_position_size_exceeded':
      return `Order exceeds your max position size of ${value}.`;
    case 'daily_loss_limit_reached':
      return `Today's loss has reached your daily loss limit of ${value}: new buy orders are blocked.`;
    case 'allocation_exceeded':
      return `Order exceeds your account size allocation of ${value} of the account's equity.`;
    default:
      return ORDER_ERROR_TEXTS[code];
  }
}
