import { createFileRoute } from '@tanstack/react-router';
import { PortfolioPage } from '../../features/portfolio/PortfolioPage';
import { portfolioQuery } from '../../features/portfolio/queries';

export const Route = createFileRoute('/_shell/portfolio')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(portfolioQuery()),
  component: PortfolioPage,
});
