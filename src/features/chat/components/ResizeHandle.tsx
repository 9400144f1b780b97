import { Box } from '@chakra-ui/react';
import { useRef, type PointerEvent } from 'react';
import { dragPanelWidth } from '../../../domain/chat/panel';
import { CHAT_PANEL_WIDTH_MAX, CHAT_PANEL_WIDTH_MIN } from '../../../domain/constants';

/** The panel's left edge: dragging it resizes the panel (320–800 px); arrow keys do the same by 16 px. */
export function ResizeHandle({ width, onResize }: { width: number; onResize(width: number): void }) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current) onResize(dragPanelWidth(start.current.width, start.current.x, event.clientX));
  };
  const stop = () => {
    start.current = null;
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize assistant panel"
      aria-valuemin={CHAT_PANEL_WIDTH_MIN}
      aria-valuemax={CHAT_PANEL_WIDTH_MAX}
      aria-valuenow={width}
      tabIndex={0}
      position="absolute"
      left="-3px"
      top="0"
      bottom="0"
      w="6px"
      cursor="col-resize"
      zIndex="1"
      _hover={{ bg: 'brand.emphasized' }}
      _focusVisible={{ bg: 'brand.emphasized', outline: 'none' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') onResize(width + 16);
        if (event.key === 'ArrowRight') onResize(width - 16);
      }}
      data-testid="chat-resize-handle"
    />
  );
}
