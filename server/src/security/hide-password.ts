/** A URL with credentials (DATABASE_URL, SMTP_URL) as logs and the start banner print it: its password replaced by ***. */
export function hidePassword(url: string, unreadable = 'postgres://…'): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return unreadable;
  }
}
