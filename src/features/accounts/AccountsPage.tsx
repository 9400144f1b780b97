import { LuLandmark } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function AccountsPage() {
  return (
    <PlaceholderPage
      title="Accounts"
      description="Your broker accounts and their balances."
      icon={LuLandmark}
      emptyTitle="No broker accounts yet"
      emptyText="Connected broker accounts, their buying power and sync status will appear here once broker connections are available."
    />
  );
}
