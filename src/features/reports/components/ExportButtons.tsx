import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { LuFileDown, LuFileSpreadsheet } from 'react-icons/lu';
import type { ReportDefinitionInput } from '../../../graphql/generated/graphql';
import { useOnline } from '../../orders/useOnline';
import { downloadReport, type ReportFormat } from '../exportReport';

interface ExportButtonsProps {
  /** The report to export; null while the builder cannot make one. */
  definition: ReportDefinitionInput | null;
}

/** PDF and CSV downloads of the report being built (online only: the server makes the files). */
export function ExportButtons({ definition }: ExportButtonsProps) {
  const online = useOnline();
  const exporting = useMutation({
    mutationFn: ({ format, report }: { format: ReportFormat; report: ReportDefinitionInput }) =>
      downloadReport(format, report),
    networkMode: 'always',
  });
  const busy = exporting.isPending;
  const run = (format: ReportFormat) => {
    if (definition) exporting.mutate({ format, report: definition });
  };
  const disabled = !definition || !online || busy;
  return (
    <Stack gap="2" align={{ base: 'stretch', sm: 'flex-end' }}>
      <HStack gap="2" flexWrap="wrap" justify={{ base: 'stretch', sm: 'flex-end' }}>
        <Button
          flex={{ base: '1', sm: 'unset' }}
          onClick={() => run('pdf')}
          disabled={disabled}
          loading={busy && exporting.variables.format === 'pdf'}
          loadingText="Preparing PDF…"
        >
          <LuFileDown aria-hidden /> Download PDF
        </Button>
        <Button
          flex={{ base: '1', sm: 'unset' }}
          variant="outline"
          onClick={() => run('csv')}
          disabled={disabled}
          loading={busy && exporting.variables.format === 'csv'}
          loadingText="Preparing CSV…"
        >
          <LuFileSpreadsheet aria-hidden /> Download CSV
        </Button>
      </HStack>
      <Text textStyle="xs" color={exporting.isError ? 'fg.error' : 'fg.muted'} role="status" textAlign={{ sm: 'end' }}>
        {!online
          ? "You're offline. Exports need a connection."
          : exporting.isError
            ? exporting.error.message
            : exporting.isSuccess
              ? `Downloaded ${exporting.data}`
              : 'CSV: one file, a block per section.'}
      </Text>
    </Stack>
  );
}
