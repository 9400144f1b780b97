import { createFileRoute } from '@tanstack/react-router';
import { BacktestPage } from '../../features/backtest/BacktestPage';

export const Route = createFileRoute('/_shell/backtest')({ component: BacktestPage });
