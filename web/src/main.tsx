import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { applyTheme } from './theme';
import './styles.css';

// Radix's scroll lock adds one <style> element: it carries the page's CSP nonce (docs/adr/0600).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce) setNonce(nonce);
applyTheme();

// The installable app's service worker (web/public/sw.js, docs/adr/0616): shows pages sent by Web Push.
if ('serviceWorker' in navigator && window.isSecureContext) void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: (n, err) => n < 2 && !((err as { status?: number }).status! < 500), staleTime: 5_000 } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
