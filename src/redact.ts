/**
 * A URL as it may be shown: user, password and query removed, since they can
 * hold credentials (https://user:token@proxy/v1, ?api-key=...) and reports,
 * comments and artifacts are read by more people than the secrets are.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password && !parsed.search) return url;
    const auth = parsed.username || parsed.password ? '***@' : '';
    const query = parsed.search ? '?***' : '';
    return `${parsed.protocol}//${auth}${parsed.host}${parsed.pathname}${query}`;
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@').replace(/\?.*$/, '?***');
  }
}

/** Query parameters whose values are credentials (?api-key=, ?token=, ?sig=); others (?api-version=2024-10-21) are not. */
const SECRET_PARAMETER = /key|token|secret|passw|auth|credential|sig|code/i;

/**
 * The parts of a URL that are credentials: user, password, secret-looking
 * query values, and the Basic credentials an HTTP client builds from the user
 * and password (an echoed Authorization header carries those).
 */
export function urlCredentials(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const user = decoded(parsed.username);
  const password = decoded(parsed.password);
  const found = [user, password];
  if (user || password) found.push(Buffer.from(`${user}:${password}`, 'utf8').toString('base64'));
  for (const [name, value] of parsed.searchParams) if (SECRET_PARAMETER.test(name)) found.push(value);
  return found.filter(Boolean);
}

/** A percent-encoded URL part as text; a malformed escape stays as written. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
