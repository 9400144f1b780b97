import { useEffect, useRef } from 'react';

/**
 * lightweight-charts lays its panes out with a <table> of canvases; assistive technology (and axe's
 * td-has-header rule) reads it as a data table without headers. This marks every table appearing inside the
 * returned ref's element as layout (`role="presentation"`); the chart keeps its own accessible label.
 */
export function usePresentationTables<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const mark = () => {
      for (const table of element.querySelectorAll('table:not([role])')) table.setAttribute('role', 'presentation');
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return ref;
}
