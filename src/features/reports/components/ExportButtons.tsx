import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFileDown, LuFileSpreadsheet } from 'react-icons/lu';
import type { ReportDefinitionInput } from '../../../graphql/generated/graphql';
import { useOnline } from '../../orders/useOnline';
import { downloadReport, type ReportFormat } from '../exportReport';

interface ExportButtonsProps {
  /** The report to export; null while the builder cannot make one. */
  definition: ReportDefinitionInput | null;
}

type ExportState =
  | { state: 'idle' }
  | { state: 'busy'; format: ReportFormat }
  | { state: 'done'; fileName: string }
  | { state: 'failed'; error: string };

/** PDF and CSV downloads of the report being built (online only: the server makes the files). */
export function ExportButtons({ definition }: ExportButtonsProps) {
  const online = useOnline();
  const [status, setStatus] = useState<ExportState>({ state: 'idle' });
  const busy = status.state === 'busy';
  const run = (format: ReportFormat) => {
    if (!definition) return;
    setStatus({ state: 'busy', format });
    downloadReport(format, definition).then(
      (fileName) => setStatus({ state: 'done', fileName }),
      (error: unknown) =>
        setStatus({ state: 'failed', error: error instanceof Error ? error.message : 'The export failed.' }),
    );
  };
  const disabled = !definition || !online || busy;
  return (
    <Stack gap="2" align={{ base: 'stretch', sm: 'flex-end' }}>
      <HStack gap="2" flexWrap="wrap" justify={{ base: 'stretch', sm: 'flex-end' }}>
        <Button
          flex={{ base: '1', sm: 'unset' }}
          onClick={() => run('pdf')}
          disabled={disabled}
          loading={busy && status.format === 'pdf'}
          loadingText="Preparing PDF…"
        >
          <LuFileDown aria-hidden /> Download PDF
        </Button>
        <Button
          flex={{ base: '1', sm: 'unset' }}
          variant="outline"
          onClick={() => run('csv')}
          disabled={disabled}
          loading={busy && status.format === 'csv'}
          loadingText="Preparing CSV…"
        >
          <LuFileSpreadsheet aria-hidden /> Download CSV
        </Button>
      </HStack>
      <Text
        textStyle="xs"
        color={status.state === 'failed' ? 'fg.error' : 'fg.muted'}
        role="status"
        textAlign={{ sm: 'end' }}
      >
        {!online
          ? "You're offline. Exports need a connection."
          : status.state === 'failed'
            ? status.error
            : status.state === 'done'
              ? `Downloaded ${status.fileName}`
              : 'CSV: one file, a block per section.'}
      </Text>
    </Stack>
  );
}
