import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCheck, LuCopy, LuPaperclip, LuRotateCcw } from 'react-icons/lu';
import { SEND_FAILED_TEXT } from '../../../domain/chat/messages';
import { formatTime } from '../../../lib/format';
import { useCopyConfirmation } from '../../../lib/useCopyConfirmation';
import type { ChatMessageView } from '../types';
import { AlertCard } from './cards/AlertCard';
import { StrategyCard } from './cards/StrategyCard';
import { ChatMarkdown } from './ChatMarkdown';

interface MessageBubbleProps {
  message: ChatMessageView;
  /** Cards that need app data (order, chart), rendered by the container. */
  renderTrading?: (message: ChatMessageView) => ReactNode;
  renderChart?: (message: ChatMessageView) => ReactNode;
  onRetry?: (message: ChatMessageView) => void;
}

/** One message: markdown, attachments, cards, status, copy (with a 2 s confirmation) and Retry on error. */
export function MessageBubble({ message, renderTrading, renderChart, onRetry }: MessageBubbleProps) {
  const { copy, copied } = useCopyConfirmation();
  const mine = message.type === 'user';
  const metadata = message.metadata;
  return (
    <Stack
      gap="1"
      align={mine ? 'flex-end' : 'flex-start'}
      data-testid="chat-message"
      data-type={message.type}
      data-status={message.status}
    >
      <Box
        maxW="92%"
        px="3"
        py="2"
        borderRadius="lg"
        bg={mine ? 'brand.solid' : message.type === 'system' ? 'bg.muted' : 'bg.subtle'}
        color={mine ? 'brand.contrast' : 'fg'}
        borderWidth={message.status === 'error' ? '1px' : '0'}
        borderColor="red.emphasized"
        opacity={message.status === 'sending' ? 0.75 : 1}
      >
        {message.content ? <ChatMarkdown>{message.content}</ChatMarkdown> : null}
        {message.attachments.length > 0 ? (
          <HStack gap="1.5" mt={message.content ? '2' : '0'} wrap="wrap">
            {message.attachments.map((file) => (
              <HStack key={file.id} gap="1" px="2" py="0.5" borderRadius="md" bg="blackAlpha.200" textStyle="xs">
                <LuPaperclip aria-hidden />
                <Text maxW="150px" truncate title={file.name}>
                  {file.name}
                </Text>
              </HStack>
            ))}
          </HStack>
        ) : null}
      </Box>
      {metadata ? (
        <Stack gap="2" w="full" maxW="92%">
          {metadata.tradingData && renderTrading ? renderTrading(message) : null}
          {metadata.chartData && renderChart ? renderChart(message) : null}
          {metadata.strategyData ? <StrategyCard card={metadata.strategyData} /> : null}
          {metadata.alertType && !metadata.tradingData ? (
            <AlertCard type={metadata.alertType} description={metadata.description ?? null} />
          ) : null}
        </Stack>
      ) : null}
      <HStack gap="1" color="fg.muted" textStyle="xs">
        {message.status === 'sending' ? <Text>Sending…</Text> : <Text>{formatTime(message.timestamp)}</Text>}
        {message.status === 'error' ? (
          <>
            <Text color="red.fg" role="alert">
              {SEND_FAILED_TEXT}
            </Text>
            {onRetry ? (
              <Button size="2xs" variant="ghost" colorPalette="red" onClick={() => onRetry(message)}>
                <LuRotateCcw /> Retry
              </Button>
            ) : null}
          </>
        ) : null}
        {message.content ? (
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={copied ? 'Copied' : 'Copy message'}
            title={copied ? 'Copied' : 'Copy message'}
            onClick={() => void copy(message.content)}
          >
            {copied ? <LuCheck /> : <LuCopy />}
          </IconButton>
        ) : null}
        {copied ? <Text color="green.fg">Copied</Text> : null}
      </HStack>
    </Stack>
  );
}
