import { lazy, Suspense } from 'react';

// The toast renderers (Chakra's toast machines) mount just after the first screen instead of loading before it; a
// toast raised earlier waits in its store and shows as soon as they mount.
const AppToaster = lazy(() =>
  import('../components/toast/AppToaster').then(({ AppToaster }) => ({ default: AppToaster })),
);
const UpdateToaster = lazy(() =>
  import('../pwa/UpdateToaster').then(({ UpdateToaster }) => ({ default: UpdateToaster })),
);

/** Every toast region of the app: ordinary toasts and the update offer. */
export function Toasters() {
  return (
    <Suspense fallback={null}>
      <AppToaster />
      <UpdateToaster />
    </Suspense>
  );
}
