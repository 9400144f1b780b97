/**
 * A lightweight-charts custom series that fills the area between two values per time (a percentile band of the
 * fan chart): the upper edge left to right, the lower edge back, closed and filled with `color`.
 */
import {
  customSeriesDefaultOptions,
  type CustomData,
  type CustomSeriesOptions,
  type ICustomSeriesPaneRenderer,
  type ICustomSeriesPaneView,
  type PaneRendererCustomData,
  type PriceToCoordinateConverter,
  type Time,
  type CustomSeriesWhitespaceData,
} from 'lightweight-charts';

type RenderTarget = Parameters<ICustomSeriesPaneRenderer['draw']>[0];

export interface BandData extends CustomData<Time> {
  lower: number;
  upper: number;
}

export interface BandOptions extends CustomSeriesOptions {
  fillColor: string;
}

class BandRenderer implements ICustomSeriesPaneRenderer {
  data: PaneRendererCustomData<Time, BandData> | null = null;
  fillColor = 'transparent';

  draw(target: RenderTarget, toY: PriceToCoordinateConverter): void {
    const data = this.data;
    if (!data?.visibleRange || data.bars.length === 0) return;
    const { from, to } = data.visibleRange;
    const bars = data.bars.slice(Math.max(0, from - 1), Math.min(data.bars.length, to + 1));
    target.useBitmapCoordinateSpace(({ context, horizontalPixelRatio: h, verticalPixelRatio: v }) => {
      context.beginPath();
      bars.forEach((bar, i) => {
        const y = (toY(bar.originalData.upper) ?? 0) * v;
        if (i === 0) context.moveTo(bar.x * h, y);
        else context.lineTo(bar.x * h, y);
      });
      for (let i = bars.length - 1; i >= 0; i--) {
        const bar = bars[i]!;
        context.lineTo(bar.x * h, (toY(bar.originalData.lower) ?? 0) * v);
      }
      context.closePath();
      context.fillStyle = this.fillColor;
      context.fill();
    });
  }
}

export class BandSeries implements ICustomSeriesPaneView<Time, BandData, BandOptions> {
  private readonly paneRenderer = new BandRenderer();

  renderer(): ICustomSeriesPaneRenderer {
    return this.paneRenderer;
  }

  update(data: PaneRendererCustomData<Time, BandData>, options: BandOptions): void {
    this.paneRenderer.data = data;
    this.paneRenderer.fillColor = options.fillColor;
  }

  priceValueBuilder(row: BandData): number[] {
    return [row.lower, row.upper, row.upper];
  }

  isWhitespace(row: BandData | CustomSeriesWhitespaceData<Time>): row is CustomSeriesWhitespaceData<Time> {
    return !('upper' in row);
  }

  defaultOptions(): BandOptions {
    return { ...customSeriesDefaultOptions, fillColor: 'rgba(37, 99, 235, 0.2)' };
  }
}
