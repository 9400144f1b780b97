import { createFileRoute } from '@tanstack/react-router';
import { AdvancedTradingPage } from '../../features/advanced-trading/AdvancedTradingPage';

export const Route = createFileRoute('/_shell/advanced-trading')({ component: AdvancedTradingPage });
