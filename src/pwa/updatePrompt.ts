import { createToaster } from '@chakra-ui/react';

/** Its own toast store, so the update offer (with its Reload action) never competes with ordinary toasts. */
export const updateToaster = createToaster({ placement: 'bottom', max: 1 });

export const UPDATE_TOAST_ID = 'app-update';

/** Offers the waiting version until the user reloads or closes the toast (persistent; never forced). */
export function showUpdatePrompt(onAccept: () => void): void {
  if (updateToaster.isVisible(UPDATE_TOAST_ID)) return;
  updateToaster.create({
    id: UPDATE_TOAST_ID,
    title: 'A new version is available',
    description: 'Reload to update when you are ready.',
    type: 'info',
    duration: Number.POSITIVE_INFINITY,
    closable: true,
    action: { label: 'Reload', onClick: onAccept },
  });
}
