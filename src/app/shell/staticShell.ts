// index.html's first script (vite.config.ts bundles it and writes it into index.html, inline: it runs before the
// first paint without a request of its own; the server's CSP allows it by its hash): the static shell in #initial-loading paints in the theme the app will use and, once the page is parsed,
// with this page's heading, so the first screen a phone shows is already the page's frame and title.
import { applyTheme } from '../../theme/applyTheme';
import { initialThemeState } from '../../theme/createThemeStore';
import { staticHeading } from '../../domain/pageHeadings';

applyTheme(initialThemeState(undefined, new Date()).theme, document);
// A page the shell has no heading for may have no navigation either (onboarding, the OAuth callback): the shell
// shows the loading status only there. Set on <html> now, so the frame never paints on such a page.
if (!staticHeading(window.location.pathname)) document.documentElement.classList.add('initial-loading-plain');

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
