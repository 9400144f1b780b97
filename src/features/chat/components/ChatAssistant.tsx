import { Box, Center, IconButton, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, useEffect } from 'react';
import { LuSparkles } from 'react-icons/lu';
import { ErrorBoundary } from '../../../components/errors/ErrorBoundary';
import { isChatShortcut } from '../../../domain/chat/panel';
import { OFFLINE_BANNER_OFFSET } from '../../../components/offline/bannerOffset';
import { useIsDesktop } from '../../../lib/useMediaQuery';
import { chatPanel, useChatPanel } from '../panelStore';
import { ChatErrorFallback } from './ChatErrorFallback';
import { ResizeHandle } from './ResizeHandle';

// The conversation (its store, markdown rendering, chart and order cards) loads when the panel first opens; a panel
// left open (remembered across reloads) starts loading it with the shell instead of after the shell has rendered.
const loadChatBody = () => import('./ChatBody');
if (chatPanel.get().open) void loadChatBody();
const ChatBody = lazy(() => loadChatBody().then(({ ChatBody }) => ({ default: ChatBody })));

/**
 * The AI assistant (spec §2): an edge tab and Ctrl/Cmd+Shift+A open a right-hand overlay panel, resizable
 * by its left edge (remembered with its open state); the full view adds the conversation sidebar.
 */
export function ChatAssistant() {
  const panel = useChatPanel();
  const isDesktop = useIsDesktop();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isChatShortcut(event)) {
        event.preventDefault();
        chatPanel.toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!panel.open) {
    return (
      <IconButton
        aria-label="Open AI assistant (Ctrl+Shift+A)"
        title="AI assistant (Ctrl/Cmd+Shift+A)"
        position="fixed"
        right="0"
        top="50%"
        transform="translateY(-50%)"
        borderEndRadius="0"
        size="sm"
        h="16"
        colorPalette="brand"
        zIndex="overlay"
        onClick={chatPanel.open}
        data-testid="chat-edge-tab"
      >
        <LuSparkles />
      </IconButton>
    );
  }

  const fullWindow = panel.expanded && isDesktop;
  return (
    <Box
      role="complementary"
      aria-label="AI assistant"
      position="fixed"
      top={OFFLINE_BANNER_OFFSET}
      right="0"
      bottom="0"
      w={fullWindow ? '100vw' : isDesktop ? `${panel.width}px` : '100vw'}
      maxW="100vw"
      borderLeftWidth="1px"
      boxShadow="2xl"
      bg="bg.panel"
      zIndex="modal"
      data-testid="chat-panel"
    >
      {isDesktop && !fullWindow ? <ResizeHandle width={panel.width} onResize={chatPanel.setWidth} /> : null}
      <ErrorBoundary fallback={(props) => <ChatErrorFallback {...props} />}>
        <Suspense
          fallback={
            <Center h="full" role="status" aria-label="Loading the assistant">
              <Spinner color="fg.muted" />
            </Center>
          }
        >
          <ChatBody />
        </Suspense>
      </ErrorBoundary>
    </Box>
  );
}
