import { Button, SimpleGrid, Skeleton, SkeletonCircle, SkeletonText, Spinner, Stack, Text } from '@chakra-ui/react';
import { PageHeader } from '../../components/page/PageHeader';
import { SectionCard } from '../../components/page/SectionCard';

/** The loading indicators the app uses, side by side (no data is loaded or shown). */
export function LoadingDemoPage() {
  return (
    <>
      <PageHeader title="Loading Demo" description="The loading indicators used across the app." />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
        <SectionCard title="Spinner" description="While a short request is under way.">
          <Stack align="center" py="4">
            <Spinner size="lg" color="brand.solid" />
          </Stack>
        </SectionCard>
        <SectionCard title="Skeleton" description="Where a card's content is about to appear.">
          <Stack gap="3" aria-hidden="true">
            <Skeleton height="5" width="50%" />
            <SkeletonText noOfLines={3} />
            <SkeletonCircle size="8" />
          </Stack>
        </SectionCard>
        <SectionCard title="Busy button" description="While an action is being saved.">
          <Stack gap="3" align="flex-start">
            <Button colorPalette="brand" loading loadingText="Saving">
              Save
            </Button>
            <Text textStyle="sm" color="fg.muted">
              The button stays disabled until the server answers.
            </Text>
          </Stack>
        </SectionCard>
      </SimpleGrid>
    </>
  );
}
