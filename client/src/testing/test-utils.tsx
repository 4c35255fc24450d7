import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';

type RenderWithProvidersOptions = Omit<RenderOptions, 'wrapper'> & {
  /** The path the in-memory router starts at. */
  path?: string;
};

/**
 * Renders `ui` as the app would: a fresh query client (no retries), an in-memory router and the
 * toaster. `currentPath()` reads where the app has navigated to.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', ...options }: RenderWithProvidersOptions = {},
) {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();

  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
      <Toaster />
    </QueryClientProvider>,
    options,
  );

  return {
    ...result,
    user,
    queryClient,
    currentPath: () => location.history.at(-1),
  };
}

/**
 * The toast region (Radix labels it "Notifications"). An open modal dialog marks everything
 * outside it aria-hidden, toasts included, so the region is looked up among hidden elements too.
 */
export function toastRegion(): HTMLElement {
  return screen.getByRole('region', { name: /notifications/i, hidden: true });
}

/** Waits for a toast with this title and returns it. */
export async function findToast(title: string): Promise<HTMLElement> {
  const heading = await within(toastRegion()).findByText(title);
  const toast = heading.closest('li');
  if (!toast) throw new Error(`The toast titled "${title}" is not inside a toast item`);
  return toast;
}
