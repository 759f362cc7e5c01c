/** What SERVICE_DATABASE_URL looks like, for the messages that refuse one. */
export const DATABASE_URL_EXAMPLE = 'postgres://user:password@host:5432/database';

/** SERVICE_DATABASE_URL as it may be shown: scheme, user, host, port and database, never the password or query. */
export function displayDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username ? `${u.username}@` : '';
    return `${u.protocol}//${user}${u.host}${u.pathname}`;
  } catch {
    return 'SERVICE_DATABASE_URL';
  }
}

/** `text` with the URL's password (raw and percent-decoded) replaced, for a message that may quote a driver error. */
export function redactPassword(text: string, url: string): string {
  let password = '';
  try {
    password = new URL(url).password;
  } catch {
    return text;
  }
  if (!password) return text;
  let out = text.split(password).join('***');
  let decoded = '';
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // a malformed escape: only the raw form can appear
  }
  if (decoded) out = out.split(decoded).join('***');
  return out;
}
