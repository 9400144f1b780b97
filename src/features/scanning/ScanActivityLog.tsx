import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuActivity } from 'react-icons/lu';
import { LabeledSwitch } from '../../components/form/LabeledSwitch';
import { SelectField } from '../../components/form/SelectField';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { SCAN_LABELS, SCAN_TYPES, type ScanType } from '../../domain/scanner/scanTypes';
import type { ScanActivityQuery } from '../../graphql/generated/graphql';
import { formatMilliseconds, formatTime } from '../../lib/format';
import { LIST_ROW_PROPS } from './listRow';
import { scanActivityQuery, type ActivityFilter } from './queries';

type Entry = ScanActivityQuery['scanActivity'][number];

const SOURCE_LABELS: Record<Entry['source'], string> = {
  YOU: 'You',
  OTHER_USER: 'Another user',
  BACKGROUND: 'Background',
};

const TYPE_OPTIONS = [
  { value: '', label: 'All scan types' },
  ...SCAN_TYPES.map((type) => ({ value: type, label: SCAN_LABELS[type] })),
];

function ActivityRow({ entry }: { entry: Entry }) {
  return (
    <Stack {...LIST_ROW_PROPS} gap="1" py="2.5" data-testid="scan-activity">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <HStack gap="2" minW="0">
          <Text fontWeight="medium">{SCAN_LABELS[entry.scanType]}</Text>
          <Badge size="sm" variant="subtle" colorPalette={entry.hits > 0 ? 'green' : 'gray'}>
            {entry.hits} {entry.hits === 1 ? 'hit' : 'hits'}
          </Badge>
        </HStack>
        <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
          {formatTime(entry.at)} · {formatMilliseconds(entry.durationMs)} · {SOURCE_LABELS[entry.source]}
        </Text>
      </HStack>
      {entry.topSymbols.length > 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {entry.topSymbols.join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The server's newest scans (the user's, other users', the background's): type, hits, duration; filters. */
export function ScanActivityLog() {
  const [filter, setFilter] = useState<ActivityFilter>({ scanType: null, withHitsOnly: false });
  const query = useQuery(scanActivityQuery(filter));
  return (
    <SectionCard title="Activity log" icon={LuActivity} description="Scans this server ran, newest first.">
      <Stack gap="4">
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'end' }}>
          <SelectField
            label="Scan type"
            size="sm"
            value={filter.scanType ?? ''}
            options={TYPE_OPTIONS}
            onChange={(value) => setFilter({ ...filter, scanType: value === '' ? null : (value as ScanType) })}
          />
          <HStack minW={{ sm: '12rem' }}>
            <LabeledSwitch
              label="With hits only"
              checked={filter.withHitsOnly}
              onChange={(withHitsOnly) => setFilter({ ...filter, withHitsOnly })}
            />
          </HStack>
        </Stack>
        <QueryContent query={query} what="Scan activity">
          {({ scanActivity }) =>
            scanActivity.length === 0 ? (
              <Text color="fg.muted">No scans match these filters yet.</Text>
            ) : (
              <Stack as="ul" gap="0" listStyleType="none">
                {scanActivity.map((entry) => (
                  <ActivityRow key={entry.id} entry={entry} />
                ))}
              </Stack>
            )
          }
        </QueryContent>
      </Stack>
    </SectionCard>
  );
}
