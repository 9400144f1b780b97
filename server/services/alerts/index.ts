/**
 * Price alerts: the service (list, create, update, toggle, mark read; evaluation on a price), its watcher
 * (evaluates the watched symbols' quotes as they arrive) and the notifier (e-mails a fired alert).
 */
export { createAlertService, type AlertDependencies, type AlertService, type FiredPriceAlert } from './service';
export { createWatchedAlertService, type WatchedAlertDependencies } from './watching';
export { createAlertWatcher, type AlertWatcher, type AlertWatcherPorts, type FiredAlert } from './watcher';
export { alertEmail, createAlertNotifier } from './notifier';
