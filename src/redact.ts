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
