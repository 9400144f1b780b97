import { Box, Code, Link, Text } from '@chakra-ui/react';
import Markdown, { type Components } from 'react-markdown';
import { safeUrl } from '../../../domain/chat/safeUrl';

const components: Components = {
  // A link whose URL was dropped (unsafe scheme) renders as plain text: no live link at all.
  a: ({ href, children }) =>
    href ? (
      <Link href={href} color="brand.fg" textDecoration="underline" target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </Link>
    ) : (
      <Text as="span">{children}</Text>
    ),
  p: ({ children }) => (
    <Text as="p" mb="2" _last={{ mb: 0 }}>
      {children}
    </Text>
  ),
  ul: ({ children }) => (
    <Box as="ul" ps="5" mb="2" listStyleType="disc">
      {children}
    </Box>
  ),
  ol: ({ children }) => (
    <Box as="ol" ps="5" mb="2" listStyleType="decimal">
      {children}
    </Box>
  ),
  code: ({ children }) => <Code fontSize="0.85em">{children}</Code>,
  // Images could track or mislead: shown as their alt text.
  img: ({ alt }) => <Text as="span">{alt ?? ''}</Text>,
};

/** A message's markdown: no raw HTML, links only with safe schemes (spec §2), no remote images. */
export function ChatMarkdown({ children }: { children: string }) {
  return (
    <Box textStyle="sm" lineHeight="1.55" overflowWrap="anywhere">
      <Markdown skipHtml urlTransform={safeUrl} components={components}>
        {children}
      </Markdown>
    </Box>
  );
}
