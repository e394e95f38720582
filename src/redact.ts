import { counted } from './text/counted.js';

/**
 * A URL as it may be shown: user, password and query removed, since they can
 * hold credentials (https://user:token@proxy/v1, ?api-key=...) and reports,
 * comments and artifacts are read by more people than the secrets are.
 *
 * Text that is not a URL is shown by its scheme and host when those parse,
 * else only by its length: a key pasted into OPENAI_BASE_URL (or a URL with a
 * key in a broken part) would otherwise be echoed in every error, and it is
 * registered as a secret nowhere (the setting's name says URL, not key).
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password && !parsed.search) return url;
    const auth = parsed.username || parsed.password ? '***@' : '';
    const query = parsed.search ? '?***' : '';
    return `${parsed.protocol}//${auth}${parsed.host}${parsed.pathname}${query}`;
  } catch {
    return redactInvalidUrl(url);
  }
}

/** An invalid URL's scheme and host, if they parse (never its user, password, port, path or query), and its length. */
function redactInvalidUrl(text: string): string {
  const invalid = `an invalid URL of ${counted(text.length, 'character', 'characters')}`;
  const start = /^\s*([a-z][a-z0-9+.-]*:)\/\/([^/?#\s]*)(?=[/?#]|$)/i.exec(text);
  // The host is after the authority's last "@" (what comes before is user and password) and before its port.
  const host = start && /^(\[[^\]]*\]|[^:[\]]+)(:|$)/.exec(start[2]!.slice(start[2]!.lastIndexOf('@') + 1))?.[1];
  if (host) {
    try {
      const origin = new URL(`${start[1]}//${host}`);
      if (origin.host) return `${origin.protocol}//${origin.host}/... (${invalid})`;
    } catch {
      // Not even the scheme and host parse: the length alone.
    }
  }
  return `(${invalid})`;
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
