// index.html's first script (vite.config.ts bundles it into assets/static-shell-*.js, loaded before the first
// paint): the static shell in #initial-loading paints in the theme the app will use and, once the page is parsed,
// with this page's heading, so the first screen a phone shows is already the page's frame and title.
import { applyTheme } from '../../theme/applyTheme';
import { initialThemeState } from '../../theme/createThemeStore';
import { staticHeading } from './staticHeadings';

applyTheme(initialThemeState(undefined, new Date()).theme, document);

function fillHeading(): void {
  const heading = staticHeading(window.location.pathname);
  const title = document.getElementById('initial-loading-title');
  const description = document.getElementById('initial-loading-description');
  if (!heading || !title || !description) return;
  title.textContent = heading.title;
  description.textContent = heading.description;
}

// The parser reaches 'interactive' before the module scripts run, so the heading is there from the first frames.
if (document.readyState === 'loading') document.addEventListener('readystatechange', fillHeading, { once: true });
else fillHeading();
