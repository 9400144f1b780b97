import { Badge, Box, Button, Stack, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { formatDateTime } from '../../../lib/format';
import type { ChatConversationView } from '../types';

interface ConversationSidebarProps {
  conversations: ChatConversationView[];
  activeId: string | null;
  onSelect(id: string): void;
  onNew(): void;
}

/** The full chat view's list of conversations, newest first. */
export function ConversationSidebar({ conversations, activeId, onSelect, onNew }: ConversationSidebarProps) {
  return (
    <Stack w="64" flexShrink="0" borderRightWidth="1px" gap="0" minH="0" data-testid="conversation-sidebar">
      <Box p="3">
        <Button size="sm" w="full" variant="outline" onClick={onNew}>
          <LuPlus /> New conversation
        </Button>
      </Box>
      <Stack gap="0.5" px="2" pb="3" overflowY="auto" flex="1">
        {conversations.length === 0 ? (
          <Text textStyle="xs" color="fg.muted" px="2">
            No conversations yet.
          </Text>
        ) : null}
        {conversations.map((conversation) => (
          <Box
            as="button"
            key={conversation.id}
            textAlign="start"
            px="3"
            py="2"
            borderRadius="md"
            bg={conversation.id === activeId ? 'bg.muted' : undefined}
            _hover={{ bg: 'bg.subtle' }}
            onClick={() => onSelect(conversation.id)}
            aria-current={conversation.id === activeId ? 'true' : undefined}
          >
            <Text textStyle="sm" fontWeight="medium" truncate>
              {conversation.title}
            </Text>
            <Text textStyle="xs" color="fg.muted" truncate>
              {conversation.lastMessage ?? 'No messages yet'}
            </Text>
            <Text textStyle="2xs" color="fg.subtle">
              {formatDateTime(conversation.lastMessageTime ?? conversation.updatedAt)}
              {conversation.unreadCount > 0 ? (
                <Badge ms="2" size="xs" colorPalette="brand">
                  {conversation.unreadCount}
                </Badge>
              ) : null}
            </Text>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
