/** A JSON call to the app; throws with the answer's message on a non-2xx status. */
export async function api<T = unknown>(
  baseUrl: string,
  path: string,
  options: { cookie?: string | undefined; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Signs in through POST /api/login (the real path, scrypt included) and answers the session cookie. */
export async function signIn(
  baseUrl: string,
  identifier: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  if (!response.ok) {
    throw new Error(
      `Signing in ${identifier} answered ${response.status}: ${await response.text()}`,
    );
  }
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .find((value) => value.startsWith('markit.sid='));
  if (!cookie) throw new Error(`Signing in ${identifier} set no session cookie`);
  return cookie;
}

/** Signs in many users, a few at a time (scrypt runs on libuv's four threads). */
export async function signInMany(
  baseUrl: string,
  identifiers: string[],
  password: string,
): Promise<string[]> {
  const cookies: string[] = new Array<string>(identifiers.length);
  let next = 0;
  const worker = async () => {
    while (next < identifiers.length) {
      const index = next++;
      cookies[index] = await signIn(baseUrl, identifiers[index] as string, password);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return cookies;
}
