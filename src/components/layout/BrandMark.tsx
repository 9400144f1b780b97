import { HStack, Image, Stack, Text } from '@chakra-ui/react';

/** The logo and product name shown at the top of the navigation. */
export function BrandMark() {
  return (
    <HStack gap="2.5">
      <Image src="/icons/icon.svg" alt="" boxSize="8" borderRadius="md" />
      <Stack gap="0">
        <Text fontWeight="bold" textStyle="md" lineHeight="short" letterSpacing="tight">
          AI Trader
        </Text>
        <Text textStyle="2xs" color="fg.subtle" lineHeight="short">
          Trading platform
        </Text>
      </Stack>
    </HStack>
  );
}
