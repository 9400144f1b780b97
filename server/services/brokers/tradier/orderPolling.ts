/**
 * Order updates of a Tradier account read by polling its orders: the sandbox (paper) has no account events
 * stream, so a paper connection learns of fills and cancels this way, as the same {@link TradierOrderUpdate}s the
 * live stream gives (./accountEvents.ts).
 *
 * Rules:
 * - The first poll (awaited by `ready()`) only records what each order is; later polls report an order whose
 *   status or executed quantity changed, or that appeared since, with the shares filled since the previous poll
 *   as its fill (at Tradier's last fill price).
 * - A failed poll is reported through `onError` and the next one is tried on schedule; `close()` stops for good.
 */
import { orderStatus, type TradierOrderUpdate } from './mapping';
import type { TradierAccountRest } from './tradierRest';
import type { TradierOrder } from './wire';

export interface OrderPollingOptions {
  account: Pick<TradierAccountRest, 'orders'>;
  onUpdate: (update: TradierOrderUpdate, order: TradierOrder) => void;
  onError?: (error: Error) => void;
  /** Default 2 s (Tradier allows 120 account requests a minute). */
  intervalMs?: number;
}

export interface OrderPolling {
  ready(): Promise<void>;
  /** Polls now (also what the timer does). */
  poll(): Promise<void>;
  close(): void;
}

export function pollOrderUpdates(options: OrderPollingOptions): OrderPolling {
  const seen = new Map<number, { status: string; executed: number }>();
  let baseline = true;
  let closed = false;
  let running: Promise<void> | null = null;

  function report(order: TradierOrder): void {
    const before = seen.get(order.id);
    const executed = order.exec_quantity ?? 0;
    seen.set(order.id, { status: order.status, executed });
    if (baseline || (before && before.status === order.status && before.executed === executed)) return;
    const filledNow = executed - (before?.executed ?? 0);
    options.onUpdate(
      {
        orderId: String(order.id),
        status: orderStatus(order),
        filledQuantity: executed,
        averageFillPrice: executed > 0 ? order.avg_fill_price : null,
        fill: filledNow > 0 ? { quantity: filledNow, price: order.last_fill_price } : null,
        at: new Date(order.transaction_date ?? order.create_date).toISOString(),
      },
      order,
    );
  }

  const poll = (): Promise<void> => {
    running ??= options.account
      .orders()
      .then((orders) => {
        if (closed) return;
        for (const order of [...orders].reverse()) report(order);
        baseline = false;
      })
      .catch((error: unknown) => options.onError?.(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const first = poll();
  const timer = setInterval(() => void poll(), options.intervalMs ?? 2000);
  return {
    ready: () => first,
    poll,
    close() {
      closed = true;
      clearInterval(timer);
    },
  };
}
