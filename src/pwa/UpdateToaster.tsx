import { Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import { updateToaster } from './updatePrompt';

/** Renders the update offer of showUpdatePrompt(): title, hint, a Reload action and a close button. */
export function UpdateToaster() {
  return (
    <Portal>
      <Toaster toaster={updateToaster} insetInline={{ mdDown: '4' }}>
        {(item) => (
          <Toast.Root width={{ md: 'md' }} borderWidth="1px" data-testid="update-toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title ? <Toast.Title>{item.title}</Toast.Title> : null}
              {item.description ? <Toast.Description>{item.description}</Toast.Description> : null}
            </Stack>
            {item.action ? (
              <Toast.ActionTrigger display="inline-flex" alignItems="center" gap="1.5" whiteSpace="nowrap">
                <LuRefreshCw aria-hidden />
                {item.action.label}
              </Toast.ActionTrigger>
            ) : null}
            {item.closable ? <Toast.CloseTrigger aria-label="Later" /> : null}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
