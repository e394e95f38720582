import { RecallGateError } from '../errors.js';
import { redactUrl } from '../redact.js';
import { registerSecret } from '../secrets.js';

/*
 * The PostgreSQL URL a user gives (--postgres, RECALL_GATE_POSTGRES_URL):
 * read, checked and described without ever showing its password.
 */

const URL_FORM = 'give postgres://user:password@host:5432/database';

/** The URL parsed and checked, or invalid input saying what is wrong with it; its password is a registered secret from here on. */
export function checkPostgresUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RecallGateError('invalid-input', 'the PostgreSQL URL cannot be read as a URL', { hint: URL_FORM });
  }
  // Before anything can fail and print: the password must be known to the scrubber, as written and decoded.
  registerSecret(parsed.password);
  registerSecret(decodedOr(parsed.password));
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new RecallGateError('invalid-input', `the PostgreSQL URL must start with postgres:// or postgresql://, not ${parsed.protocol}//`, { hint: URL_FORM });
  }
  for (const [part, text, shown] of [
    ['user name', parsed.username, true],
    ['password', parsed.password, false],
    ['database name', parsed.pathname.replace(/^\//, ''), true],
  ] as const) {
    const bad = badEscape(text);
    if (bad === undefined) continue;
    const which = shown ? `"${bad}" in its ${part}` : `its ${part} (not shown)`;
    throw new RecallGateError('invalid-input', `the PostgreSQL URL ${redactUrl(url)} has a malformed %-escape in ${which}: a % must start an escape of two hex digits (%40 for @)`, {
      hint: `write a % that is part of the ${part} as %25, and @ : / ? # as %40 %3A %2F %3F %23`,
    });
  }
  return parsed;
}

/** Where a URL points, as it may be shown: host, port and database, never the user's password. Takes a URL checkPostgresUrl accepted. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
  const database = decodedOr(parsed.pathname.replace(/^\//, '')) || decodedOr(parsed.username) || '(the default)';
  return `host ${host}:${parsed.port || '5432'}, database ${database}`;
}

/** The first malformed percent-escape in a URL part ("%zz", a % at the end), or undefined when it decodes. */
function badEscape(part: string): string | undefined {
  try {
    decodeURIComponent(part);
    return undefined;
  } catch {
    // A valid escape that decodes to half a character (%C3 alone) is malformed too: then the first % stands for it.
    return /%(?![0-9a-f]{2})[^%]{0,2}/i.exec(part)?.[0] ?? part.slice(part.indexOf('%'), part.indexOf('%') + 3);
  }
}

/** A percent-encoded part as text; as written when it does not decode. */
function decodedOr(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
