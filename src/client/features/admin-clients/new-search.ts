/** ?new=1 on an admin list (the top bar's "Add …" shortcuts): open the new-item form at once. */
export function parseNewSearch(raw: Record<string, unknown>): { new?: 1 } {
  return raw.new === 1 || raw.new === '1' || raw.new === true ? { new: 1 } : {};
}
