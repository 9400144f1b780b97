import { Box } from '@chakra-ui/react';

/**
 * The initial loading screen's status as index.html shows it before the app's code has loaded (its spinner and
 * text, without the static shell's frame): the same markup and stylesheet (public/loading.css), in a frame so its
 * full-viewport layout fills the frame only.
 */
const INITIAL_SCREEN = `<!doctype html><html lang="en"><head><link rel="stylesheet" href="/loading.css" /></head><body>
<div id="initial-loading"><div class="initial-loading__main">
<div class="initial-loading__status" role="status" aria-live="polite">
<div class="initial-loading__spinner" aria-hidden="true"></div>
<p class="initial-loading__text">Loading AI-Powered Trading Platform…</p>
</div></div></div></body></html>`;

export function InitialLoadingFrame() {
  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden" h="12rem">
      <iframe
        title="Initial loading screen"
        srcDoc={INITIAL_SCREEN}
        style={{ display: 'block', width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}
