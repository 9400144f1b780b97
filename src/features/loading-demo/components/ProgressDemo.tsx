import { Progress, Stack } from '@chakra-ui/react';

/** The progress bar, with a known share done and while the share is unknown. */
export function ProgressDemo() {
  return (
    <Stack gap="5">
      <Progress.Root value={60} max={100} size="sm" colorPalette="brand">
        <Progress.Label textStyle="sm" mb="2">
          Determinate: 60% done
        </Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Progress.Root value={null} size="sm" colorPalette="brand">
        <Progress.Label textStyle="sm" mb="2">
          Indeterminate: still working
        </Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
