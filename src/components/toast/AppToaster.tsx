import { Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { toaster } from './toaster';

/** Renders the toasts of `toast()`, bottom right (full width on phones), each with a close button. */
export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(item) => (
          <Toast.Root width={{ md: 'sm' }} borderWidth={item.type === 'error' ? '0' : '1px'}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title ? <Toast.Title>{item.title}</Toast.Title> : null}
              {item.description ? <Toast.Description>{item.description}</Toast.Description> : null}
            </Stack>
            {item.closable ? <Toast.CloseTrigger aria-label="Close notification" /> : null}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
