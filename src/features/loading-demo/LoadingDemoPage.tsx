import { Button, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuInbox } from 'react-icons/lu';
import { OfflineBannerPreview } from '../../components/offline/OfflineBanner';
import { CardSkeleton } from '../../components/page/CardSkeleton';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { PageHeader } from '../../components/page/PageHeader';
import { TableSkeleton } from '../../components/table/TableSkeleton';
import { DemoCard } from './components/DemoCard';
import { ErrorDemo } from './components/ErrorDemo';
import { InitialLoadingFrame } from './components/InitialLoadingFrame';
import { ProgressDemo } from './components/ProgressDemo';

/** The app's loading, offline, error and empty states side by side, each the shared component the pages use. */
export function LoadingDemoPage() {
  return (
    <>
      <PageHeader
        title="Loading Demo"
        description="The app's loading, offline, error and empty states in one place, as the pages show them."
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <DemoCard title="Initial loading screen" where="Before the app's code has loaded (index.html).">
          <InitialLoadingFrame />
        </DemoCard>
        <DemoCard title="Card skeleton" where="A card whose content is loading (dashboard, analytics).">
          <CardSkeleton title="Portfolio value" bodyH="6rem" />
        </DemoCard>
        <DemoCard title="Table skeleton" where="A table rendering its rows (orders, trades, positions).">
          <TableSkeleton rows={3} rowHeight={44} />
        </DemoCard>
        <DemoCard title="Spinners" where="A short request under way; a button while its action is saved.">
          <Stack gap="4">
            <HStack gap="6" role="group" aria-label="Spinner sizes">
              <Spinner size="sm" color="brand.solid" />
              <Spinner size="md" color="brand.solid" />
              <Spinner size="lg" color="brand.solid" />
            </HStack>
            <HStack gap="3" flexWrap="wrap">
              <Button colorPalette="brand" loading loadingText="Saving">
                Save
              </Button>
              <Text textStyle="sm" color="fg.muted">
                Disabled until the server answers.
              </Text>
            </HStack>
          </Stack>
        </DemoCard>
        <DemoCard title="Progress bar" where="Work whose progress is known (imports, reports), or not yet.">
          <ProgressDemo />
        </DemoCard>
        <DemoCard title="Offline banner" where="At the top of every screen, 2 s after the connection drops.">
          <OfflineBannerPreview onRetry={() => undefined} />
        </DemoCard>
        <DemoCard title="Error with retry" where="A request that failed, in place of the card's content.">
          <ErrorDemo />
        </DemoCard>
        <DemoCard title="Empty state" where="A part of a page with nothing to show yet.">
          <EmptyStateCard icon={LuInbox} title="No orders yet" description="Orders you place will be listed here." />
        </DemoCard>
      </SimpleGrid>
    </>
  );
}
