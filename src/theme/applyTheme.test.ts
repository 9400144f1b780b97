import { describe, expect, it } from 'vitest';
import { applyTheme, type ThemeDocument } from './applyTheme';

function fakeDocument(withMeta = true) {
  const classes = new Set<string>();
  const meta = new Map<string, string>();
  const doc: ThemeDocument = {
    documentElement: {
      classList: { toggle: (name, force) => (force ? classes.add(name) : classes.delete(name)) },
      style: { colorScheme: '' },
    },
    querySelector: () => (withMeta ? { setAttribute: (name, value) => void meta.set(name, value) } : null),
  };
  return { doc, classes, meta };
}

describe('applyTheme', () => {
  it('sets the dark class and the dark theme colour', () => {
    const { doc, classes, meta } = fakeDocument();
    applyTheme('dark', doc);
    expect([...classes]).toEqual(['dark']);
    expect(meta.get('content')).toBe('#1f2937');
    expect(doc.documentElement.style.colorScheme).toBe('dark');
  });

  it('switches to light', () => {
    const { doc, classes, meta } = fakeDocument();
    applyTheme('dark', doc);
    applyTheme('light', doc);
    expect([...classes]).toEqual(['light']);
    expect(meta.get('content')).toBe('#ffffff');
  });

  it('works without a theme-color meta', () => {
    const { doc, classes } = fakeDocument(false);
    applyTheme('light', doc);
    expect(classes.has('light')).toBe(true);
  });
});
