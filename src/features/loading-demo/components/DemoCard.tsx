import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/page/SectionCard';

/** One labelled loading state: its name, where the app shows it, and the state itself. */
export function DemoCard({ title, where, children }: { title: string; where: string; children: ReactNode }) {
  return (
    <SectionCard title={title} description={where}>
      {children}
    </SectionCard>
  );
}
