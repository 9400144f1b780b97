import { Box, CloseButton, Flex, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuDownload, LuEraser, LuMaximize2, LuMinimize2, LuPlus, LuSparkles } from 'react-icons/lu';
import { ConnectionIndicator, type ConnectionDisplay } from './ConnectionIndicator';

interface ChatFrameProps {
  title: string;
  connection: ConnectionDisplay;
  expanded: boolean;
  onExpand(expanded: boolean): void;
  onClose(): void;
  onNewConversation(): void;
  onClear(): void;
  onExport(format: 'json' | 'csv'): void;
  children: ReactNode;
}

/** The assistant's header (title, Connected/Reconnecting…/Disconnected, actions) above the conversation. */
export function ChatFrame({
  title,
  connection,
  expanded,
  onExpand,
  onClose,
  onNewConversation,
  onClear,
  onExport,
  children,
}: ChatFrameProps) {
  return (
    <Flex direction="column" h="full" minH="0" bg="bg.panel">
      <HStack px="3" py="2" borderBottomWidth="1px" gap="2" justify="space-between">
        <HStack gap="2" minW="0">
          <Box color="brand.fg" aria-hidden>
            <LuSparkles />
          </Box>
          <Box minW="0">
            <Text fontWeight="semibold" textStyle="sm" truncate>
              {title}
            </Text>
            <ConnectionIndicator state={connection} />
          </Box>
        </HStack>
        <HStack gap="0.5">
          <IconButton
            size="sm"
            variant="ghost"
            aria-label="New conversation"
            title="New conversation"
            onClick={onNewConversation}
          >
            <LuPlus />
          </IconButton>
          <Menu.Root positioning={{ placement: 'bottom-end' }}>
            <Menu.Trigger asChild>
              <IconButton size="sm" variant="ghost" aria-label="Export conversation" title="Export conversation">
                <LuDownload />
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  <Menu.Item value="json" onClick={() => onExport('json')}>
                    Export as JSON
                  </Menu.Item>
                  <Menu.Item value="csv" onClick={() => onExport('csv')}>
                    Export as CSV
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
          <IconButton
            size="sm"
            variant="ghost"
            aria-label="Clear conversation"
            title="Clear conversation"
            onClick={onClear}
          >
            <LuEraser />
          </IconButton>
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={expanded ? 'Back to the side panel' : 'Open the full chat view'}
            title={expanded ? 'Back to the side panel' : 'Open the full chat view'}
            onClick={() => onExpand(!expanded)}
            hideBelow="md"
          >
            {expanded ? <LuMinimize2 /> : <LuMaximize2 />}
          </IconButton>
          <CloseButton size="sm" aria-label="Close assistant" onClick={onClose} />
        </HStack>
      </HStack>
      <Flex direction="column" flex="1" minH="0">
        {children}
      </Flex>
    </Flex>
  );
}
