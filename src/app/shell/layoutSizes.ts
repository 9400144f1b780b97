/** Width of the fixed sidebar at ≥ 768 px. */
export const SIDEBAR_WIDTH = '240px';
/** Height of the phone top bar. */
export const TOP_BAR_HEIGHT = '56px';
