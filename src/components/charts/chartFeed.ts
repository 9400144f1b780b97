import type { UTCTimestamp } from 'lightweight-charts';
import { BollingerStepper, EmaStepper, MacdStepper, RsiStepper, SmaStepper } from '../../domain/indicators';
import {
  candlePoint,
  chartSeriesData,
  histogramPoint,
  linePoint,
  localChartTime,
  onlyLastBarMoved,
  volumePoint,
  type ChartCandle,
  type ChartColors,
  type ChartPoints,
  type ChartSeriesData,
} from './chartData';

type ToTime = (epochSeconds: number) => UTCTimestamp;

/**
 * The indicators of `chartSeriesData` over the bars before the newest, as steppers (the very code its batch
 * functions fold): each series' point at a newest bar is then one `peek` away, whatever that bar's price.
 */
class ChartTail {
  private readonly sma20 = new SmaStepper(20);
  private readonly sma50 = new SmaStepper(50);
  private readonly ema12 = new EmaStepper(12);
  private readonly ema26 = new EmaStepper(26);
  private readonly bands = new BollingerStepper(20, 2);
  private readonly rsi = new RsiStepper(14);
  private readonly macd = new MacdStepper();

  constructor(closedBars: readonly ChartCandle[]) {
    for (const { close } of closedBars) {
      this.sma20.push(close);
      this.sma50.push(close);
      this.ema12.push(close);
      this.ema26.push(close);
      this.bands.push(close);
      this.rsi.push(close);
      this.macd.push(close);
    }
  }

  /** Each series' point at `bar`, the bar after the closed ones. */
  pointsAt(bar: ChartCandle, colors: ChartColors, toTime: ToTime): ChartPoints {
    const time = toTime(bar.time);
    const { close } = bar;
    const bands = this.bands.peek(close);
    const macd = this.macd.peek(close);
    return {
      candles: candlePoint(bar, time),
      volume: volumePoint(bar, time, colors),
      sma20: linePoint(time, this.sma20.peek(close)),
      sma50: linePoint(time, this.sma50.peek(close)),
      ema12: linePoint(time, this.ema12.peek(close)),
      ema26: linePoint(time, this.ema26.peek(close)),
      bollingerUpper: linePoint(time, bands.upper),
      bollingerMiddle: linePoint(time, bands.middle),
      bollingerLower: linePoint(time, bands.lower),
      rsi: linePoint(time, this.rsi.peek(close)),
      macd: linePoint(time, macd.macd),
      macdSignal: linePoint(time, macd.signal),
      macdHistogram: histogramPoint(time, macd.histogram, colors),
    };
  }
}

/** What the chart must change to show other bars: nothing, each series' newest point (a live tick), or everything. */
export type ChartChange =
  | { kind: 'none' }
  | { kind: 'tick'; points: ChartPoints }
  /** `refit`: the first bar is another (another symbol or interval): the view should fit all bars again. */
  | { kind: 'all'; data: ChartSeriesData; refit: boolean };

/**
 * The chart's data for the bars it is given in turn. A change of anything but the newest bar computes every
 * series in full; a live tick (`onlyLastBarMoved` since the bars last given) computes only each series' newest
 * point, from indicator state over the older bars kept until they change (O(1) per tick instead of every array
 * and every indicator over all bars).
 */
export class ChartFeed {
  /** The bars last given (the chart shows them once their change is applied). */
  private bars: readonly ChartCandle[] = [];
  private full: { bars: readonly ChartCandle[]; data: ChartSeriesData } | null = null;
  private tail: ChartTail | null = null;

  constructor(
    private readonly colors: ChartColors,
    private readonly toTime: ToTime = (seconds) => localChartTime(seconds),
  ) {}

  /** Every series' data for `bars` (computed once for the same bars), which the chart now shows. */
  all(bars: readonly ChartCandle[]): ChartSeriesData {
    if (this.full?.bars !== bars) {
      this.full = { bars, data: chartSeriesData(bars, this.colors, this.toTime) };
      if (this.bars !== bars && !onlyLastBarMoved(this.bars, bars)) this.tail = null;
    }
    this.bars = bars;
    return this.full.data;
  }

  /** What changes from the bars last given to `bars`, which the chart now shows. */
  next(bars: readonly ChartCandle[]): ChartChange {
    if (bars === this.bars) return { kind: 'none' };
    const last = bars.at(-1);
    if (!last || !onlyLastBarMoved(this.bars, bars)) {
      const refit = bars[0]?.time !== this.bars[0]?.time;
      return { kind: 'all', data: this.all(bars), refit };
    }
    // The older bars are the very objects the tail (if any) was built from: onlyLastBarMoved held at each step.
    this.tail ??= new ChartTail(bars.slice(0, -1));
    this.bars = bars;
    return { kind: 'tick', points: this.tail.pointsAt(last, this.colors, this.toTime) };
  }
}
