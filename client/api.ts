/** Same-origin calls to the admin API; the browser adds the session cookie. */

interface ErrorBody {
  error?: { code?: string; message?: string };
}

export function errorText(status: number, data: unknown): string {
  const message = (data as ErrorBody | null)?.error?.message;
  return message ? message : `Request failed (HTTP ${status}).`;
}

export function errorCode(data: unknown): string | undefined {
  return (data as ErrorBody | null)?.error?.code;
}

export function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** A JSON call; throws the API's error message on a failure. The answer is typed by the caller, as the route defines it. */
export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'same-origin', headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  if (res.status === 204) return null as T;
  const data = parsed(await res.text());
  if (!res.ok) throw new Error(errorText(res.status, data));
  return data as T;
}
