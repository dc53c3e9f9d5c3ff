/**
 * The file name a download's Content-Disposition gives (RFC 6266): `filename*` (RFC 5987,
 * UTF-8 percent-encoded) before `filename`, quoted or not. Made safe to save: no folders, no
 * control characters. Null when the header names no file.
 */
export function fileNameOf(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(extended);
    if (match) {
      try {
        const decoded = match[1]!.toLowerCase() === 'utf-8' ? decodeURIComponent(match[2]!) : unescape(match[2]!);
        const safe = safeFileName(decoded);
        if (safe) return safe;
      } catch {
        // A malformed encoding: the plain filename, if any, is used.
      }
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  if (quoted !== undefined) return safeFileName(quoted.replace(/\\(.)/g, '$1'));
  const token = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  return token ? safeFileName(token) : null;
}

/** A name a browser saves as given: the last path part, without control characters. */
export function safeFileName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const base = name.split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base && base !== '.' && base !== '..' ? base : null;
}
