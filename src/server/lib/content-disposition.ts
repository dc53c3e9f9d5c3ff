/**
 * Content-Disposition of a download (RFC 6266): `filename` is an ASCII fallback for old clients,
 * `filename*` the exact name in UTF-8 (RFC 8187), which every current browser prefers.
 */
export function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '').trim() || 'download';
  // encodeURIComponent leaves ' ( ) * as they are; RFC 8187's attr-char does not allow them.
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
