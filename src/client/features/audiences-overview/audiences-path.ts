/**
 * What the Audiences area's address names under {product scope}/audiences/ (the splat after it):
 * 'overview', or 'overview/{type lowercased}/{id}' (home's Recent Audience Activity links so).
 * The type is the link's word only: the id names the audience. Anything else is no page (null).
 */
export type AudiencesView = { view: 'overview' } | { view: 'detail'; type: string; id: number };

export function parseAudiencesPath(splat: string | undefined): AudiencesView | null {
  const parts = (splat ?? '').split('/').filter((p) => p !== '');
  if (parts.length === 1 && parts[0] === 'overview') return { view: 'overview' };
  if (parts.length === 3 && parts[0] === 'overview' && /^[a-z_]{1,40}$/.test(parts[1] ?? '') && /^[1-9]\d{0,11}$/.test(parts[2] ?? '')) {
    return { view: 'detail', type: parts[1]!, id: Number(parts[2]) };
  }
  return null;
}
