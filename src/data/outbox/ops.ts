import { alertOps } from '../alerts';
import { chatOps } from '../chat';
import { reportTemplateOps } from '../reportTemplates';
import { strategyOps } from '../strategies';
import { watchlistOps } from '../watchlists';
import { createOpRegistry } from './registry';

/** Every operation the outbox can send. A new area (e.g. chat messages) adds its group here. */
export const OUTBOX_OPS = createOpRegistry(
  Object.values(watchlistOps),
  Object.values(alertOps),
  Object.values(chatOps),
  Object.values(strategyOps),
  Object.values(reportTemplateOps),
);
