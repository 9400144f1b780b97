import { Box, HStack, Text } from '@chakra-ui/react';

/** Shown while the assistant is answering. */
export function TypingIndicator() {
  return (
    <HStack gap="2" color="fg.muted" role="status" aria-live="polite" data-testid="typing-indicator">
      <HStack gap="1" aria-hidden>
        {[0, 1, 2].map((dot) => (
          <Box
            key={dot}
            boxSize="1.5"
            borderRadius="full"
            bg="currentColor"
            animation="pulse"
            animationDuration="1.2s"
            animationDelay={`${dot * 0.2}s`}
          />
        ))}
      </HStack>
      <Text textStyle="xs">Assistant is typing…</Text>
    </HStack>
  );
}
