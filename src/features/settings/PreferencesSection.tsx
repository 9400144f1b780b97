import { useQuery } from '@tanstack/react-query';
import { LuSlidersHorizontal } from 'react-icons/lu';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { meQuery } from '../user/queries';
import { PreferencesForm } from './PreferencesForm';

export function PreferencesSection() {
  const query = useQuery(meQuery());
  return (
    <SectionCard
      title="Preferences"
      icon={LuSlidersHorizontal}
      description="Saved to your account and used on every device."
    >
      <QueryContent query={query} what="Your preferences" skeletonLines={8}>
        {({ me }) => <PreferencesForm key={me.id} preferences={me.preferences} />}
      </QueryContent>
    </SectionCard>
  );
}
