import { useSyncExternalStore } from 'react';
import { clampPanelWidth, parseStoredPanelWidth } from '../../domain/chat/panel';
import { readStored, writeStored } from '../../lib/storage';

/** localStorage keys: the assistant panel's open state and width are remembered on the device (spec §2). */
export const CHAT_PANEL_OPEN_KEY = 'chatPanelOpen';
export const CHAT_PANEL_WIDTH_KEY = 'chatPanelWidth';

export interface ChatPanelState {
  open: boolean;
  width: number;
  /** The full chat view (conversation sidebar, whole window) instead of the side panel. */
  expanded: boolean;
}

let state: ChatPanelState = {
  open: readStored(CHAT_PANEL_OPEN_KEY) === 'true',
  width: parseStoredPanelWidth(readStored(CHAT_PANEL_WIDTH_KEY)),
  expanded: false,
};
const listeners = new Set<() => void>();

function update(next: Partial<ChatPanelState>): void {
  state = { ...state, ...next };
  writeStored(CHAT_PANEL_OPEN_KEY, String(state.open));
  writeStored(CHAT_PANEL_WIDTH_KEY, String(state.width));
  for (const listener of listeners) listener();
}

export const chatPanel = {
  get: () => state,
  open: () => update({ open: true }),
  close: () => update({ open: false, expanded: false }),
  toggle: () => update(state.open ? { open: false, expanded: false } : { open: true }),
  setWidth: (width: number) => update({ width: clampPanelWidth(width) }),
  setExpanded: (expanded: boolean) => update({ expanded, open: true }),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useChatPanel(): ChatPanelState {
  return useSyncExternalStore(chatPanel.subscribe, chatPanel.get, chatPanel.get);
}
