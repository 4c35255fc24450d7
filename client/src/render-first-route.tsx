import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app';
import { type FirstRouteData } from '@shared/first-route';
import { seedFirstRoute } from './first-route';
import { createQueryClient } from '@/lib/query-client';

/**
 * The HTML of a page a guest lands on (the server uses it for a public profile), rendered on the server
 * from the app itself, so that a phone shows the page as soon as the HTML and the styles are in,
 * instead of after the whole script has arrived and run; the browser then hydrates it (main.tsx).
 * The page renders from the data sent along with it, in a query cache of its own per request,
 * exactly as the browser will render it first. The lazy pages are awaited (a prerender), so the
 * HTML holds the page, not the loading spinner.
 */
export async function renderFirstRoute(pathname: string, sent: FirstRouteData): Promise<string> {
  const client = createQueryClient();
  seedFirstRoute(client, pathname, sent);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App client={client} ssrPath={pathname} />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  client.clear();
  return Buffer.concat(chunks).toString('utf8');
}
