import { intlFormat, isSameDay } from 'date-fns';

/** Percent formatting (spec 1 §5): empty gives nothing; a trailing ".00" is trimmed. */
export function formatPercent(value: number | null | undefined | ''): string {
  if (value === null || value === undefined || value === '' || Number.isNaN(value)) return '';
  return `${value.toFixed(2).replace(/\.00$/, '')}%`;
}

/** Notification badge text: the count, or "9+" above 9; empty at zero. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 9 ? '9+' : String(count);
}

/** Words the navigation writes as they are spelled, not capitalised. */
const SMALL_WORDS = new Set(['to', 'of', 'and']);
const ABBREVIATIONS: Record<string, string> = { ams: 'AMS', nlrr: 'NLRR' };

/**
 * Left-navigation display name of a feature or category (spec 1 §2.5): the three special names,
 * otherwise the slug with hyphens replaced by spaces, written as words (issue 27: the accessible
 * name is what a screen reader says, so it is "Customer Value", never the slug "customer value").
 */
export function featureDisplayName(feature: string): string {
  const special: Record<string, string> = {
    'site-visitation': 'Site Visitation',
    'best-customer': 'Best Customer',
    'customer-attrition': 'Customer Attrition',
  };
  if (special[feature]) return special[feature];
  return feature
    .split('-')
    .map((word, i) => ABBREVIATIONS[word] ?? (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Which left-navigation entry is highlighted for a feature path (spec 1 §2.5). */
export function highlightedFeature(category: string, feature: string): string {
  if (category === 'audiences' && feature === 'builder') return 'overview';
  if (category === 'insights' && feature === 'journey-builder') return 'journey';
  return feature;
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: '2-digit' });

/** The product's short date, MM/dd/yy (spec 1 §9), in local time; the input back when it is no date. */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : SHORT_DATE.format(date);
}

/**
 * The clock as the user's locale writes it (its short time style: "5:47 PM" in the US, "17:47" in
 * the UK). `locale` is for tests; the app passes none, so the browser's language decides.
 */
const clock = (date: Date, locale: string | undefined, seconds = false) => {
  const style: Intl.DateTimeFormatOptions = { timeStyle: seconds ? 'medium' : 'short' };
  return locale ? intlFormat(date, style, { locale }) : intlFormat(date, style);
};

/**
 * Every "as of" the app writes (the top bar's "data as of", Grow's "counts as of", an offline
 * copy's save time): the clock today, with the short date before it otherwise. One function, so
 * one screen never shows two formats.
 */
export function formatAsOf(at: number, now = Date.now(), locale?: string): string {
  const date = new Date(at);
  return isSameDay(date, now) ? clock(date, locale) : `${SHORT_DATE.format(date)} ${clock(date, locale)}`;
}

/** A time to the second (when a queued edit is tried again), in the same locale as formatAsOf. */
export function formatClockSeconds(at: number, locale?: string): string {
  return clock(new Date(at), locale, true);
}
