import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { EmptyStateCard } from './EmptyStateCard';
import { PageHeader } from './PageHeader';

interface PlaceholderPageProps {
  title: string;
  description?: ReactNode;
  icon: IconType;
  emptyTitle: string;
  /** What will appear on this page, and that it is not available yet. */
  emptyText: string;
}

/** A page whose content arrives in a later version: its title and an honest empty state. */
export function PlaceholderPage({ title, description, icon, emptyTitle, emptyText }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyStateCard icon={icon} title={emptyTitle} description={emptyText} />
    </>
  );
}
