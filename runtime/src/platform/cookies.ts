/** Cookie helpers: the only code in the runtime that touches document.cookie. */
export interface CookieOptions {
  /** Lifetime in milliseconds; absent means a session cookie. */
  maxAgeMs?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export function readCookie(name: string): string | null {
  let all: string;
  try {
    all = document.cookie;
  } catch {
    return null; // sandboxed documents throw on cookie access
  }
  for (const part of all.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const { maxAgeMs, path = '/', sameSite = 'Lax' } = options;
  // Pipes stay readable (the visitor record is pipe separated, spec part 1 §3).
  let cookie = `${name}=${encodeURIComponent(value).replace(/%7C/g, '|')}; path=${path}; SameSite=${sameSite}`;
  if (maxAgeMs !== undefined) cookie += `; max-age=${Math.floor(maxAgeMs / 1000)}`;
  if (sameSite === 'None' || location.protocol === 'https:') cookie += '; Secure';
  try {
    document.cookie = cookie;
  } catch {
    /* cookies refused: the caller reads back null, as with a cookie that was never set */
  }
}

export function removeCookie(name: string, path = '/'): void {
  writeCookie(name, '', { maxAgeMs: 0, path });
}

/** Whether the browser keeps cookies at all (crumbFail retries need them). */
export function cookiesEnabled(): boolean {
  try {
    return navigator.cookieEnabled !== false;
  } catch {
    return false;
  }
}
