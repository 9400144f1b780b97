import { Code } from '@chakra-ui/react';
import { LuInfo } from 'react-icons/lu';
import { SectionCard } from '../../components/page/SectionCard';
import { StatList } from '../../components/page/StatList';

/** The app version (the same constant the service worker and the server report). */
export function AboutSection() {
  return (
    <SectionCard title="About" icon={LuInfo}>
      <StatList
        items={[
          { label: 'App', value: 'AI-Powered Trading Platform' },
          { label: 'Version', value: <Code data-testid="app-version">{__APP_VERSION__}</Code> },
        ]}
      />
    </SectionCard>
  );
}
