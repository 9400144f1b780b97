import { CHAT_PANEL_WIDTH_DEFAULT, CHAT_PANEL_WIDTH_MAX, CHAT_PANEL_WIDTH_MIN } from '../constants';

/** The chat panel's width clamped to 320–800 px (spec §5); anything unreadable gives the default 400. */
export function clampPanelWidth(width: number): number {
  if (!Number.isFinite(width)) return CHAT_PANEL_WIDTH_DEFAULT;
  return Math.min(CHAT_PANEL_WIDTH_MAX, Math.max(CHAT_PANEL_WIDTH_MIN, Math.round(width)));
}

/** A stored width (text) as a clamped width; missing or invalid gives the default. */
export function parseStoredPanelWidth(stored: string | null): number {
  if (stored === null || stored.trim() === '') return CHAT_PANEL_WIDTH_DEFAULT;
  return clampPanelWidth(Number(stored));
}

/**
 * The width while dragging the panel's left edge: the panel is anchored right, so moving the pointer
 * left by d pixels widens it by d.
 */
export function dragPanelWidth(startWidth: number, startX: number, currentX: number): number {
  return clampPanelWidth(startWidth + (startX - currentX));
}

export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Ctrl/Cmd+Shift+A: opens or closes the assistant (spec §9). */
export function isChatShortcut(event: ShortcutEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'a';
}

/** Cmd/Ctrl+K: focuses the chat input. */
export function isFocusInputShortcut(event: ShortcutEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k';
}
