import { Box, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LuPaperclip, LuSend, LuX } from 'react-icons/lu';
import {
  ATTACHMENT_ACCEPT,
  canSendMessage,
  isAllowedAttachment,
  MAX_ATTACHMENTS,
  type ChatAttachmentRecord,
} from '../../../domain/chat/messages';
import { suggestSlashCommands } from '../../../domain/chat/slashCommands';
import { CHAT_INPUT_MAX_HEIGHT_PX } from '../../../domain/constants';

export interface ChatInputHandle {
  focus(): void;
}

interface ChatInputProps {
  onSend(text: string, attachments: ChatAttachmentRecord[]): void;
  /** Instant feedback for a slash command the user is typing (parse error), or null. */
  feedback?: (text: string) => string | null;
}

/**
 * The message box (spec §2, §9): grows up to 200 px; slash-command suggestions (max 12rem, Escape closes,
 * arrows move, Tab or Enter picks); Enter sends, Shift+Enter adds a line; attachments (images, pdf, doc,
 * docx, txt; names truncated at 150 px); sending needs text or an attachment.
 */
export const ChatInput = forwardRef<ChatInputHandle, ChatInputProps>(function ChatInput({ onSend, feedback }, ref) {
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<ChatAttachmentRecord[]>([]);
  const [rejected, setRejected] = useState<string | null>(null);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [highlight, setHighlight] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const files = useRef<HTMLInputElement>(null);

  useImperativeHandle(ref, () => ({ focus: () => area.current?.focus() }), []);

  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, CHAT_INPUT_MAX_HEIGHT_PX)}px`;
  }, [text]);

  const suggestions = dismissedFor === text ? [] : suggestSlashCommands(text);
  const open = suggestions.length > 0;
  const sendable = canSendMessage(text, attachments.length);
  const hint = feedback?.(text) ?? null;

  const send = () => {
    if (!sendable) return;
    onSend(text.trim(), attachments);
    setText('');
    setAttachments([]);
    setRejected(null);
  };

  const pick = (command: string) => {
    setText(`${command} `);
    setHighlight(0);
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedFor(text);
        return;
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((current) => (current + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        const chosen = suggestions[Math.min(highlight, suggestions.length - 1)];
        if (chosen && chosen.command !== text.trim()) {
          event.preventDefault();
          pick(chosen.command);
          return;
        }
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const addFiles = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const allowed = chosen.filter((file) => isAllowedAttachment(file.name, file.type));
    setRejected(allowed.length < chosen.length ? 'Only images, pdf, doc, docx and txt files can be attached.' : null);
    setAttachments((current) =>
      [
        ...current,
        ...allowed.map((file) => ({
          id: crypto.randomUUID(),
          name: file.name,
          type: file.type || 'application/octet-stream',
        })),
      ].slice(0, MAX_ATTACHMENTS),
    );
    if (files.current) files.current.value = '';
  };

  return (
    <Stack gap="1.5" px="3" pt="2" pb="3" borderTopWidth="1px" bg="bg.panel" position="relative">
      {open ? (
        <Box
          role="listbox"
          aria-label="Slash commands"
          position="absolute"
          bottom="100%"
          left="3"
          right="3"
          maxH="12rem"
          overflowY="auto"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="lg"
          zIndex="1"
          data-testid="command-suggestions"
        >
          {suggestions.map((entry, index) => (
            <Box
              key={entry.command}
              role="option"
              aria-selected={index === highlight}
              px="3"
              py="2"
              cursor="pointer"
              bg={index === highlight ? 'bg.muted' : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(entry.command);
              }}
            >
              <HStack justify="space-between" gap="2">
                <Text textStyle="sm" fontFamily="mono">
                  {entry.usage}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {entry.category}
                </Text>
              </HStack>
              <Text textStyle="xs" color="fg.muted">
                {entry.description}
              </Text>
            </Box>
          ))}
        </Box>
      ) : null}
      {attachments.length > 0 ? (
        <HStack gap="1.5" wrap="wrap" data-testid="attachment-row">
          {attachments.map((file) => (
            <HStack key={file.id} gap="1" ps="2" pe="0.5" borderRadius="md" bg="bg.muted" textStyle="xs">
              <Text maxW="150px" truncate title={file.name}>
                {file.name}
              </Text>
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={`Remove ${file.name}`}
                onClick={() => setAttachments((current) => current.filter((other) => other.id !== file.id))}
              >
                <LuX />
              </IconButton>
            </HStack>
          ))}
        </HStack>
      ) : null}
      {rejected ? (
        <Text textStyle="xs" color="red.fg" role="alert">
          {rejected}
        </Text>
      ) : null}
      <HStack align="flex-end" gap="2">
        <IconButton
          variant="ghost"
          size="sm"
          aria-label="Attach files"
          onClick={() => files.current?.click()}
          disabled={attachments.length >= MAX_ATTACHMENTS}
        >
          <LuPaperclip />
        </IconButton>
        <input
          ref={files}
          type="file"
          multiple
          hidden
          accept={ATTACHMENT_ACCEPT}
          onChange={(event) => addFiles(event.target.files)}
          data-testid="attachment-input"
        />
        <Textarea
          ref={area}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setHighlight(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Ask anything, or type / for commands"
          aria-label="Message"
          rows={1}
          resize="none"
          maxH={`${CHAT_INPUT_MAX_HEIGHT_PX}px`}
          overflowY="auto"
          size="sm"
          data-testid="chat-input"
        />
        <IconButton size="sm" aria-label="Send message" onClick={send} disabled={!sendable} colorPalette="brand">
          <LuSend />
        </IconButton>
      </HStack>
      {hint ? (
        <Text textStyle="xs" color="orange.fg" data-testid="command-feedback">
          {hint}
        </Text>
      ) : (
        <Text textStyle="2xs" color="fg.muted">
          Enter sends · Shift+Enter new line · Cmd/Ctrl+K focuses · Esc closes suggestions
        </Text>
      )}
    </Stack>
  );
});
