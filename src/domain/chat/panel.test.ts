import { describe, expect, it } from 'vitest';
import { clampPanelWidth, dragPanelWidth, isChatShortcut, isFocusInputShortcut, parseStoredPanelWidth } from './panel';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('chat panel width', () => {
  it('is clamped to 320..800 with 400 by default', () => {
    expect(clampPanelWidth(100)).toBe(320);
    expect(clampPanelWidth(1200)).toBe(800);
    expect(clampPanelWidth(555.4)).toBe(555);
    expect(clampPanelWidth(Number.NaN)).toBe(400);
    expect(parseStoredPanelWidth(null)).toBe(400);
    expect(parseStoredPanelWidth('abc')).toBe(400);
    expect(parseStoredPanelWidth('640')).toBe(640);
    expect(parseStoredPanelWidth('9999')).toBe(800);
  });

  it('grows when the left edge is dragged left and shrinks when dragged right', () => {
    expect(dragPanelWidth(400, 1000, 900)).toBe(500);
    expect(dragPanelWidth(400, 1000, 1050)).toBe(350);
    expect(dragPanelWidth(400, 1000, 100)).toBe(800);
    expect(dragPanelWidth(400, 1000, 1400)).toBe(320);
  });
});

describe('shortcuts', () => {
  it('opens the assistant with Ctrl+Shift+A or Cmd+Shift+A only', () => {
    expect(isChatShortcut(key('A', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isChatShortcut(key('a', { metaKey: true, shiftKey: true }))).toBe(true);
    expect(isChatShortcut(key('a', { ctrlKey: true }))).toBe(false);
    expect(isChatShortcut(key('a', { shiftKey: true }))).toBe(false);
    expect(isChatShortcut(key('a', { ctrlKey: true, shiftKey: true, altKey: true }))).toBe(false);
  });

  it('focuses the input with Cmd/Ctrl+K', () => {
    expect(isFocusInputShortcut(key('k', { metaKey: true }))).toBe(true);
    expect(isFocusInputShortcut(key('K', { ctrlKey: true }))).toBe(true);
    expect(isFocusInputShortcut(key('k'))).toBe(false);
    expect(isFocusInputShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});
