import type { ColorType, DeepPartial, ChartOptions } from 'lightweight-charts';
import type { ThemeName } from '../../domain/themeClock';
import type { ChartColors } from './chartData';

/** Candle, volume and line colours per theme (the canvas cannot read CSS variables). */
export const CHART_PALETTE = {
  light: {
    text: '#374151',
    grid: '#e5e7eb',
    border: '#d1d5db',
    up: '#16a34a',
    down: '#dc2626',
    upVolume: 'rgba(22, 163, 74, 0.45)',
    downVolume: 'rgba(220, 38, 38, 0.45)',
    sma20: '#2563eb',
    sma50: '#9333ea',
    ema12: '#d97706',
    ema26: '#0891b2',
    bollinger: '#64748b',
    rsi: '#7c3aed',
    macd: '#2563eb',
    signal: '#ea580c',
    strategy: '#2563eb',
    benchmark: '#6b7280',
    buyMarker: '#2563eb',
    sellMarker: '#c2410c',
  },
  dark: {
    text: '#d1d5db',
    grid: '#1f2937',
    border: '#374151',
    up: '#22c55e',
    down: '#ef4444',
    upVolume: 'rgba(34, 197, 94, 0.45)',
    downVolume: 'rgba(239, 68, 68, 0.45)',
    sma20: '#60a5fa',
    sma50: '#c084fc',
    ema12: '#fbbf24',
    ema26: '#22d3ee',
    bollinger: '#94a3b8',
    rsi: '#a78bfa',
    macd: '#60a5fa',
    signal: '#fb923c',
    strategy: '#60a5fa',
    benchmark: '#9ca3af',
    buyMarker: '#60a5fa',
    sellMarker: '#fb923c',
  },
} as const;

export type ChartPalette = (typeof CHART_PALETTE)[ThemeName];

export function chartColors(palette: ChartPalette): ChartColors {
  return { up: palette.up, down: palette.down, upVolume: palette.upVolume, downVolume: palette.downVolume };
}

/**
 * lightweight-charts' `ColorType.Solid`, as its value: a value import of the package would make every module that
 * imports this one (the chart wrappers, loaded with the pages) load the charting library too, which only the lazily
 * loaded chart canvases need (vite.config.ts keeps it in a chunk of its own).
 */
const SOLID: ColorType.Solid = 'solid' as ColorType.Solid;

export function chartOptions(palette: ChartPalette, intraday: boolean): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: SOLID, color: 'transparent' },
      textColor: palette.text,
      fontSize: 11,
      panes: { separatorColor: palette.border, enableResize: false },
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    rightPriceScale: { borderColor: palette.border },
    timeScale: { borderColor: palette.border, timeVisible: intraday, secondsVisible: false },
    crosshair: { mode: 0 },
  };
}
