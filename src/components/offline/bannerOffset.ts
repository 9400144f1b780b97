/**
 * The offline banner is fixed at the top of the viewport (spec §2); while it shows, its height is published as
 * this CSS variable on <html> so that the layout moves out from under it: the page's top padding, the phone
 * top bar's sticky offset, the sidebar's and the assistant panel's top. 0px while it is hidden.
 */
export const OFFLINE_BANNER_HEIGHT_VAR = '--offline-banner-height';

/** A CSS length: the banner's current height, or 0px. */
export const OFFLINE_BANNER_OFFSET = `var(${OFFLINE_BANNER_HEIGHT_VAR}, 0px)`;

/** Publishes `element`'s height while it is mounted; returns the function that stops and resets it. */
export function publishBannerHeight(element: HTMLElement, root: HTMLElement = document.documentElement): () => void {
  const write = () => root.style.setProperty(OFFLINE_BANNER_HEIGHT_VAR, `${element.offsetHeight}px`);
  write();
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(write);
  observer?.observe(element);
  return () => {
    observer?.disconnect();
    root.style.removeProperty(OFFLINE_BANNER_HEIGHT_VAR);
  };
}
