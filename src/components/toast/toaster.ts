import { createToaster } from '@chakra-ui/react';
import { toastDuration, toastType, type ToastInput } from './toastOptions';

/** The app's one toast store; rendered by <AppToaster />. */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 5 });

/** Shows a toast (spec §9): 5 s by default, persistent for a duration of zero or less. Returns its id. */
export function toast({ title, description, variant, duration }: ToastInput): string {
  return toaster.create({
    title,
    description,
    type: toastType(variant),
    duration: toastDuration(duration),
    closable: true,
  });
}
