import { defaultStringifySearch } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { audienceRulesSchema, type AudienceRules } from '@shared/schemas/audience-rules';

/**
 * The audience builder's search parameters (spec 3 §2.1, §2.2): what to do, who sent the user,
 * where to go back to, and the rule to save. Every parameter is checked, and a bad one falls
 * back to a safe value: a URL is typed, pasted and shared, so it is never trusted.
 */

export const BUILDER_ACTIONS = ['create', 'edit', 'savePersona', 'requestMotivationAudience'] as const;
export type BuilderAction = (typeof BUILDER_ACTIONS)[number];

/** Where the builder goes back to when returnUrl is missing or not a safe path. */
export const RETURN_FALLBACK = 'home';
const RETURN_MAX = 500;
const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * A path relative to the product scope ('insights/grow', 'insights/grow/12', optionally with
 * a query): never another origin (no scheme, no '//', no backslash), never above the scope (no
 * leading '/', no '.' or '..' segment). Anything else gives 'home'.
 */
export function sanitizeReturnUrl(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return RETURN_FALLBACK;
  const url = String(value).trim();
  if (url === '' || url.length > RETURN_MAX) return RETURN_FALLBACK;
  if (url.includes('//') || url.includes('\\') || url.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(url)) return RETURN_FALLBACK;
  // Whitespace and control characters have no place in a path (and hide tricks from the eye).
  if (/[\s\p{Cc}]/u.test(url)) return RETURN_FALLBACK;
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/');
  const safe = segments.every((s, i) => (SEGMENT.test(s) && s !== '.' && s !== '..') || (s === '' && i === segments.length - 1 && i > 0));
  return safe ? url : RETURN_FALLBACK;
}

/** A JSON value given as a string (the router may also have parsed it already). */
function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** The rule to save, or null when it is missing or not a valid audience rule. */
export function parseRulesParam(value: unknown): AudienceRules | null {
  const parsed = audienceRulesSchema.safeParse(jsonValue(value));
  return parsed.success ? parsed.data : null;
}

/** Display names of segments by id (for showing the rule); anything else is left out. */
export function parseLabelsParam(value: unknown): Record<string, string> {
  const raw = jsonValue(value);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter((e): e is [string, string] => /^\d{1,12}$/.test(e[0]) && typeof e[1] === 'string' && e[1].trim() !== ''),
  );
}

/** Segment ids to leave out of the rule (an invalid persona's deleted segments): '4,5', a JSON array, or one id. */
export function parseIdListParam(value: unknown): number[] {
  const raw = typeof value === 'string' && !value.trim().startsWith('[') ? value.split(',').map((v) => Number(v.trim())) : typeof value === 'number' ? [value] : jsonValue(value);
  if (!Array.isArray(raw)) return [];
  return raw.filter((v): v is number => Number.isSafeInteger(v) && (v as number) > 0).slice(0, 1000);
}

/** A text parameter; the router reads '2024' or 'true' as JSON, so those are taken as their text. */
const text = (max: number) =>
  z.catch(
    z.optional(z.pipe(z.union([z.string(), z.number(), z.boolean()]), z.transform((v: string | number | boolean) => String(v).slice(0, max)))),
    undefined,
  );
const json = <T>(parse: (value: unknown) => T) =>
  z.catch(z.optional(z.pipe(z.union([z.string(), z.record(z.string(), z.unknown())]), z.transform((v: string | Record<string, unknown>) => parse(v)))), undefined);

export const audienceBuilderSearchSchema = z.object({
  action: z.catch(z._default(z.enum(BUILDER_ACTIONS), 'create'), 'create'),
  /** Where the builder was opened from ('Grow', 'Explore'). */
  referer: text(50),
  /** A path relative to the product scope; 'home' when missing or unsafe. */
  returnUrl: z.catch(z._default(z.pipe(z.union([z.string(), z.number()]), z.transform((v: string | number) => sanitizeReturnUrl(v))), RETURN_FALLBACK), RETURN_FALLBACK),
  /** The audience rule (JSON): null when it is not a valid rule. */
  rules: json(parseRulesParam),
  /** Segment display names by id (JSON). */
  labels: json(parseLabelsParam),
  /** A default name for the audience. */
  name: text(1000),
  /** A saved audience being edited (the Audiences overview's Edit) and its version: saved with PUT. */
  audienceId: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.positive()))), undefined),
  audienceVersion: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.positive()))), undefined),
  /** 'pve_product_category': home's "Build an Optimized Audience" (an optimized audience seeded by the rule). */
  set_hierarchy: text(50),
  /** Segment ids to drop from the rule to start from ('4,5'; Explore's invalid persona). */
  removeSegmentIds: z.catch(z.optional(z.pipe(z.union([z.string(), z.number(), z.array(z.unknown())]), z.transform((v: string | number | unknown[]) => parseIdListParam(v)))), undefined),
});

export type AudienceBuilderSearch = z.output<typeof audienceBuilderSearchSchema>;
export type AudienceBuilderSearchInput = z.input<typeof audienceBuilderSearchSchema>;

export interface AudienceBuilderTarget {
  rules?: AudienceRules;
  returnUrl: string;
  referer?: string;
  labels?: Record<string, string>;
  name?: string;
  action?: BuilderAction;
}

/** The search to open the builder with (rules and labels as JSON strings). */
export function audienceBuilderSearch(target: AudienceBuilderTarget) {
  return {
    action: target.action ?? 'create',
    ...(target.referer ? { referer: target.referer } : {}),
    returnUrl: target.returnUrl,
    ...(target.rules ? { rules: JSON.stringify(target.rules) } : {}),
    ...(target.labels && Object.keys(target.labels).length > 0 ? { labels: JSON.stringify(target.labels) } : {}),
    ...(target.name ? { name: target.name } : {}),
  } satisfies AudienceBuilderSearchInput;
}

/** The builder's href under a product scope ('acme/us/brand/product'), as the router spells search. */
export function audienceBuilderHref(productPath: string, target: AudienceBuilderTarget): string {
  return `/${productPath}/audiences/builder${defaultStringifySearch(audienceBuilderSearch(target))}`;
}

/** The page returnUrl names, under the same product scope. */
export function returnHref(productPath: string, returnUrl: string): string {
  return `/${productPath}/${sanitizeReturnUrl(returnUrl)}`;
}

const RETURN_LABELS: [RegExp, string][] = [
  [/^insights\/grow(?:[/?#]|$)/, 'Back to Grow'],
  [/^insights\/explore(?:[/?#]|$)/, 'Back to Explore'],
  [/^insights\/overlap(?:[/?#]|$)/, 'Back to Overlap'],
  [/^insights\/customer-value(?:[/?#]|$)/, 'Back to Customer Value'],
  [/^insights\/site-visitation(?:[/?#]|$)/, 'Back to Site Visitation'],
  [/^insights\/best-customer(?:[/?#]|$)/, 'Back to Best Customer'],
  [/^insights\/customer-attrition(?:[/?#]|$)/, 'Back to Customer Attrition'],
  [/^insights\/buyer-retention(?:[/?#]|$)/, 'Back to Buyer Retention'],
  [/^audiences\/overview(?:[/?#]|$)/, 'Back to Audiences'],
  [/^home(?:[/?#]|$)/, 'Back to Home'],
];

/** The words of a link back to returnUrl. */
export function returnLabel(returnUrl: string): string {
  return RETURN_LABELS.find(([pattern]) => pattern.test(returnUrl))?.[1] ?? 'Go back';
}
