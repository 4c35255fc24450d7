import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type FirstRouteData } from '@shared/first-route';
import { queryClient } from '@/lib/query-client';
import { buildPublicProfile } from '@/testing/fixtures';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { App } from '../app';
import { seedFirstRoute } from '../first-route';
import { renderFirstRoute } from '../render-first-route';

const profile = buildPublicProfile({ brands: ['starbucks', 'dunkin'] });

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.getElementById('root')?.remove();
  queryClient.clear();
  window.history.replaceState(null, '', '/');
});

/**
 * What a guest's browser does with a first page the server rendered: the HTML in the root
 * element (its title goes to the head), the data sent along in the cache, then React hydrates.
 */
async function hydrateServerPage(pathname: string, sent: FirstRouteData) {
  const html = await renderFirstRoute(pathname, sent);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html.replace(/^<title>[^<]*<\/title>/, '');
  document.body.append(container);
  window.history.replaceState(null, '', pathname);
  seedFirstRoute(queryClient, pathname, sent);
  const errors: unknown[] = [];
  const heading = container.querySelector('h1');
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App />
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return { container, heading, errors };
}

describe('a first page rendered on the server', () => {
  it('is the sign-in page React takes over as it is, and then works', async () => {
    mockApi({ 'GET /api/user': jsonReply(401, { message: 'Not signed in' }) });
    const { heading, errors } = await hydrateServerPage('/auth', { signedIn: false });
    expect(heading).toHaveTextContent('Welcome to mark.it');
    // Enabled once hydrated, and what is typed stays.
    const identifier = screen.getByLabelText('Email or Username');
    await waitFor(() => expect(identifier).toBeEnabled());
    await userEvent.type(identifier, 'ava_thompson');
    expect(identifier).toHaveValue('ava_thompson');
    const register = await screen.findByRole('tab', { name: 'Register' });
    await userEvent.click(register);
    await waitFor(() => expect(register).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByText('Create a new account')).toBeInTheDocument();
    // The server's heading is still the one on the page: hydrated, not drawn again.
    expect(heading?.isConnected).toBe(true);
    expect(errors).toEqual([]);
  });

  it('is a public profile React takes over as it is, and then works', async () => {
    mockApi({ 'GET /api/user': jsonReply(401, { message: 'Not signed in' }) });
    const { heading, errors } = await hydrateServerPage('/u/ava_thompson', {
      signedIn: false,
      profile,
    });
    expect(heading).toHaveTextContent('Ava Thompson');
    const sendGift = await screen.findByRole('button', { name: 'Send a Gift' });
    await waitFor(() => expect(sendGift).toBeEnabled());
    await userEvent.click(sendGift);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(heading?.isConnected).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('renderFirstRoute', () => {
  it("sends a profile's buttons disabled: until React takes the page over they could not act", async () => {
    const html = await renderFirstRoute('/u/ava_thompson', { signedIn: false, profile });
    const page = document.createElement('div');
    page.innerHTML = html.replace(/^<title>[^<]*<\/title>/, '');
    const buttons = [...page.querySelectorAll('button')];
    expect(buttons.map((button) => button.textContent)).toContain('Send a Gift');
    for (const button of buttons) expect(button).toBeDisabled();
    // Links need no code: they work from the first paint.
    expect(page.querySelector('a[href="/auth"]')).not.toHaveAttribute('disabled');
  });

  it("sends the sign-in page's fields, tabs and buttons disabled: typing before React takes it over would be reset", async () => {
    const html = await renderFirstRoute('/auth', { signedIn: false });
    const page = document.createElement('div');
    page.innerHTML = html.replace(/^<title>[^<]*<\/title>/, '');
    const controls = [...page.querySelectorAll('input, button')];
    expect(controls.length).toBeGreaterThanOrEqual(6);
    for (const control of controls) expect(control).toBeDisabled();
  });

  it('writes what people typed as text, never as markup', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const html = await renderFirstRoute('/u/ava_thompson', {
      signedIn: false,
      profile: { ...profile, name },
    });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('text-3xl">&lt;img src=x onerror=alert(1)&gt;');
  });
});
