/**
 * A queued edit the server refused keeps the user's content (issue 27): "Edit and retry" shows the
 * fields the user typed, with the server's reason, and sends the edit again with what they change.
 * Pure, so that every entity of the outbox gets the same rule and it is tested once.
 */

/** Fields whose API name is not what the forms call them (Grow's audience panel, the persona builder, the unit form). */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  matched_short_id: 'Matched Audience',
  modeled_short_id: 'Modeled Audience',
  matched_id: 'Matched Audience',
  modeled_id: 'Modeled Audience',
  population: 'Audience Population',
  identifiers: 'Filters',
  region_ids: 'Regions',
  market_id: 'Market',
  url: 'URL',
};

/** An API field as the user sees it: "name" -> "Name", "matched_short_id" -> "Matched Audience". */
export function fieldName(field: string): string {
  const words = FIELD_NAMES[field] ?? field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field of a refused edit the user may change: where it is in the body ("name", "motivation_audience.name"). */
export interface RetryField {
  path: string;
  label: string;
  value: string | number;
  kind: 'text' | 'number';
}

/** What the outbox adds or the page computes, not what the user typed. */
const NOT_TYPED = new Set(['base', 'version', 'id', 'client_key', 'referer', 'default', 'icon', 'status', 'month', 'year', 'tab', 'count_type', 'kind']);
const typed = (key: string) => !NOT_TYPED.has(key) && !key.endsWith('_id') && !key.endsWith('_key') && !key.endsWith('_ids');
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of a refused edit's body the user typed: its texts and figures, at the top or one
 * object down (a request's `motivation_audience.name`, a timeframe's `outcome_timeframe.total`).
 * Lists and rules are kept as they are and sent again with the rest.
 */
export function retryFields(body: unknown): RetryField[] {
  if (!isRecord(body)) return [];
  const out: RetryField[] = [];
  const visit = (values: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [key, value] of Object.entries(values)) {
      if (!typed(key)) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') out.push({ path, label: fieldName(key), value, kind: 'text' });
      else if (typeof value === 'number' && Number.isFinite(value)) out.push({ path, label: fieldName(key), value, kind: 'number' });
      else if (depth === 0 && isRecord(value)) visit(value, path, 1);
    }
  };
  visit(body, '', 0);
  return out;
}

/**
 * The body with the user's changes put in (by path); a figure is sent as a number when it reads
 * as one. Everything else of the body (rules, lists, the base) is sent as it was.
 */
export function withRetryEdits(body: unknown, edits: Readonly<Record<string, string>>, fields: readonly RetryField[]): unknown {
  if (!isRecord(body)) return body;
  const next: Record<string, unknown> = structuredClone(body);
  for (const field of fields) {
    const text = edits[field.path];
    if (text === undefined) continue;
    const keys = field.path.split('.');
    const last = keys.pop()!;
    let holder: Record<string, unknown> = next;
    for (const key of keys) holder = holder[key] as Record<string, unknown>;
    holder[last] = field.kind === 'number' && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  }
  return next;
}

/**
 * The server's message per field of the body, from a refusal's details: the validation list
 * (`[{ path: 'body.name', message }]`) or a form's map (`{ fields: { name: message } }`).
 */
export function fieldMessages(details: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const list = Array.isArray(details) ? details : isRecord(details) && Array.isArray(details.issues) ? details.issues : null;
  for (const issue of list ?? []) {
    if (!isRecord(issue) || typeof issue.message !== 'string') continue;
    const path = Array.isArray(issue.path) ? issue.path.join('.') : typeof issue.path === 'string' ? issue.path : typeof issue.field === 'string' ? issue.field : null;
    if (path !== null) out[path.replace(/^body\./, '')] ??= issue.message;
  }
  if (isRecord(details) && isRecord(details.fields)) {
    for (const [path, message] of Object.entries(details.fields)) if (typeof message === 'string') out[path.replace(/^body\./, '')] ??= message;
  }
  return out;
}
