import { Checkbox, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
        Scans to follow
      </Text>
      <Text textStyle="xs" color="fg.muted">
        A followed scan&apos;s strongest hits become alerts when their track record fits your risk tolerance.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="1">
        {SCAN_TYPES.map((scanType) => (
          <Checkbox.Root
            key={scanType}
            size="sm"
            checked={current.has(scanType)}
            disabled={!online || followed.data === undefined || busy !== null}
            onCheckedChange={(details) => void change(scanType, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{SCAN_LABELS[scanType]}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
