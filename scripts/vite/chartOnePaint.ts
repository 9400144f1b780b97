// lightweight-charts paints once per full redraw in the browser build (see chartOnePaint below).
import type { Plugin } from 'vite';
import { codeRewrites, type CodeRewrite } from './codeRewrites';

const CHARTS_MODULE = /[\\/]lightweight-charts[\\/]dist[\\/]lightweight-charts\.production\.mjs$/;

/**
 * lightweight-charts 5.2.1's chart widget, `_drawImpl(invalidateMask, time)` (names as in its development build):
 * `n` is the mask's level, `this.OM()` `_updateGui()`, `this.aM` `_invalidateMask` (what was asked for since the
 * frame began), `this.NM` / `this.FM` the autoscale and time scale invalidations, `this.Rm` `paint()`. A full
 * redraw first lays the chart out (`_updateGui`, whose `_adjustSizeImpl` sets each pane's height and so
 * recalculates every pane, asking for a light update); the library merges what was asked for meanwhile into this
 * frame's paint only when that is a full update, so the light one is painted again in the next frame: every full
 * redraw (the chart's build, a resize, new options or data) painted every pane and axis twice. The rewrite merges
 * whatever was asked for while a full redraw was being prepared, as the library already does for a full update.
 */
export const CHART_ONE_PAINT: CodeRewrite[] = [
  /**
   * fancy-canvas 2.1.0 (lightweight-charts' canvas binding): a widget's paint first applies the canvas's suggested
   * bitmap size (the canvas's new size in device pixels), then draws on it. Applying told the listeners that the
   * suggestion had changed (to none), and lightweight-charts' widgets answer that by asking for another paint (or
   * painting again at once): the canvas was painted, at its new size, in the same frame, so every paint that
   * resized a canvas (the chart's first, and every one after a change of the panes' or axes' sizes) was followed
   * by another of the whole chart. A suggestion that comes or changes (a resize reported by the browser) still
   * tells them.
   */
  [
    /[\\/]fancy-canvas[\\/]canvas-element-bitmap-size\.mjs$/,
    `        this._resizeBitmap(oldSuggestedSize);
        this._emitSuggestedBitmapSizeChanged(oldSuggestedSize, this._suggestedBitmapSize);`,
    '        this._resizeBitmap(oldSuggestedSize);',
  ],
  [
    CHARTS_MODULE,
    '3===this.aM?.ls()&&(this.aM.Ss(t),this.OM(),this.NM(this.aM),this.FM(this.aM,i),t=this.aM,this.aM=null)',
    '(3===this.aM?.ls()||3===n&&null!==this.aM)&&(this.aM.Ss(t),this.OM(),this.NM(this.aM),this.FM(this.aM,i),t=this.aM,this.aM=null)',
  ],
];

/**
 * One paint per full redraw of a lightweight-charts chart (CHART_ONE_PAINT), in the browser build. The build fails
 * if the piece is no longer in the library's code (another version: look again) or the library never went through
 * the build; the dev server keeps the library as it is.
 */
export function chartOnePaint(): Plugin {
  return codeRewrites('chart-one-paint', CHART_ONE_PAINT);
}
