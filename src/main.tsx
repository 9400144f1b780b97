import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { dismissInitialLoadingScreen } from './app/loadingScreen';
import { createQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { AppErrorBoundary } from './components/errors/boundaries';
import { installErrorReporting } from './components/errors/errorReporting';
import { AppToaster } from './components/toast/AppToaster';
import { startThemeClock } from './theme/themeStore';
import { system } from './theme/system';

installErrorReporting();
startThemeClock();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppErrorBoundary>
      <AppToaster />
    </ChakraProvider>
  </StrictMode>,
);

dismissInitialLoadingScreen();
