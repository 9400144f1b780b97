import { toast } from '../../components/toast/toaster';
import { createFillToastLedger } from './fillToastLedger';

/** The app's one fill-toast ledger (shell subscription and order answers share it). */
export const fillToasts = createFillToastLedger((text) => toast({ ...text, variant: 'default' }));
