import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LabeledSwitch } from '../../components/form/LabeledSwitch';
import { SCAN_LABELS, SCAN_TYPES, type ScanType } from '../../domain/scanner/scanTypes';
import { toast } from '../../components/toast/toaster';
import { followedScansQuery, setScanFollowed } from './queries';

/** The scan types the user follows (online only): their hits that fit the user's risk tolerance become alerts. */
export function FollowScans({ online }: { online: boolean }) {
  const queryClient = useQueryClient();
  const followed = useQuery(followedScansQuery());
  const [busy, setBusy] = useState<ScanType | null>(null);
  const change = async (scanType: ScanType, follow: boolean) => {
    setBusy(scanType);
    try {
      await setScanFollowed(queryClient, scanType, follow);
    } catch {
      toast({
        title: 'Could not change the followed scans',
        description: 'Try again when online.',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };
  const current = new Set(followed.data ?? []);
  return (
    <Stack gap="2" as="fieldset">
      <Text as="legend" textStyle="sm" fontWeight="semibold">
        Followed scan types
      </Text>
      <Text textStyle="xs" color="fg.muted">
        A followed scan&apos;s strongest hits become alerts when their track record fits your risk tolerance.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} columnGap="6" rowGap="0">
        {SCAN_TYPES.map((scanType) => (
          <LabeledSwitch
            key={scanType}
            label={SCAN_LABELS[scanType]}
            checked={current.has(scanType)}
            disabled={!online || followed.data === undefined || busy !== null}
            onChange={(checked) => void change(scanType, checked)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
