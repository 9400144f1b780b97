import { LuBriefcase } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function PortfolioPage() {
  return (
    <PlaceholderPage
      title="Portfolio"
      description="Your holdings, cash and performance."
      icon={LuBriefcase}
      emptyTitle="No portfolio yet"
      emptyText="Positions, cash and buying power will appear here once paper trading is enabled."
    />
  );
}
