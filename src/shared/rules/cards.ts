import { DEMO_COMPANY_ID } from '../constants';
import type { PermissionSet } from '../permissions';
import { checkArea, type Area, type FeatureFlags } from './access';
import { EXTERNAL_PAGES, type NavTarget } from './navigation';

export interface CardAction {
  label: string;
  target: NavTarget;
}

/** Data checks a card may depend on. */
export type CardData = 'bestCustomer' | 'customerAttrition' | 'siteVisitation';

export interface HomeCardDef {
  id: string;
  title: string;
  body: string;
  always?: boolean;
  /** Shown when this client feature flag is strictly true. */
  flag?: string;
  /** Shown when this feature module is accessible. */
  area?: Area;
  /** Needs this data check to pass; without it the fallback actions, or no card. */
  data?: CardData;
  fallback?: readonly CardAction[];
  /** A demo card, suppressed when the client has nlrr or path_to_purchase. */
  demo?: boolean;
  actions: (ctx: CardContext) => CardAction[];
}

export interface CardContext {
  /** "client/region/brand/product"; cards only show with a product in context. */
  productPath: string;
  companyId: number | null;
}

const take = (ctx: CardContext, feature: string): CardAction[] => [
  { label: 'Take Me There', target: { kind: 'internal', path: `/${ctx.productPath}/insights/${feature}` } },
];
const external = (label: string, url: string): CardAction[] => [{ label, target: { kind: 'external', url } }];
const LEARN_MORE = external('Learn More', EXTERNAL_PAGES.learnMore);

/** The home page quick-link cards (spec 1 §2.4, §5), in display order. */
export const HOME_CARDS: readonly HomeCardDef[] = [
  {
    id: 'identify-best-customers', title: 'Identify Your Best Customers',
    body: 'See which customers bring the most value to your brand.',
    area: 'customer-value', actions: (c) => take(c, 'customer-value'),
  },
  {
    id: 'site-visitation', title: 'Site Visitation', body: 'Understand who visits your locations.',
    area: 'site-visitation', data: 'siteVisitation', fallback: LEARN_MORE, actions: (c) => take(c, 'site-visitation'),
  },
  {
    id: 'best-customer', title: 'Best Customer', body: 'Profile the customers who buy the most.',
    area: 'best-customer', data: 'bestCustomer', fallback: LEARN_MORE, actions: (c) => take(c, 'best-customer'),
  },
  {
    id: 'customer-attrition', title: 'Customer Attrition', body: 'Find the customers you are at risk of losing.',
    area: 'customer-attrition', data: 'customerAttrition',
    fallback: external('View Insights', EXTERNAL_PAGES.learnMore), actions: (c) => take(c, 'customer-attrition'),
  },
  {
    id: 'buyer-retention', title: 'Buyer Retention', body: 'Follow how well you keep your buyers.',
    area: 'buyer-retention', actions: (c) => take(c, 'buyer-retention'),
  },
  {
    id: 'optimized-audience', title: 'Build an Optimized Audience', body: 'Start an audience from your product category.',
    flag: 'pve_product_category',
    actions: (c) => [{
      label: 'Take Me There',
      target: { kind: 'internal', path: `/${c.productPath}/audiences/builder?set_hierarchy=pve_product_category` },
    }],
  },
  {
    id: 'nlrr', title: 'New, Lapsing, Retained and Reactivated', body: 'See how your buyers move between groups.',
    flag: 'nlrr', actions: (c) => external('Take Me There', `${EXTERNAL_PAGES.nlrr}?company_id=${c.companyId ?? DEMO_COMPANY_ID}`),
  },
  {
    id: 'path-to-purchase', title: 'Path to Purchase', body: 'Follow the steps your buyers take.',
    flag: 'path_to_purchase',
    actions: (c) => external('Take Me There', `${EXTERNAL_PAGES.pathToPurchase}?company_id=${c.companyId ?? DEMO_COMPANY_ID}`),
  },
  {
    id: 'path-to-purchase-demo', title: 'Path to Purchase (Demo)', body: 'Try the path to purchase with demo data.',
    flag: 'path_to_purchase_demo', demo: true,
    actions: () => external('Take Me There', `${EXTERNAL_PAGES.pathToPurchase}?company_id=${DEMO_COMPANY_ID}`),
  },
];

export interface CardInput {
  flags: FeatureFlags;
  permissions: PermissionSet | undefined;
  availability: Record<CardData, boolean>;
  context: CardContext;
}

export interface ResolvedCard {
  id: string;
  title: string;
  body: string;
  actions: CardAction[];
}

/** A card shows when "always", or its flag is strictly true, or its feature module is accessible. */
export function isCardEnabled(card: HomeCardDef, input: Pick<CardInput, 'flags' | 'permissions'>): boolean {
  if (card.always) return true;
  if (card.flag && input.flags[card.flag] === true) return true;
  return card.area !== undefined && checkArea(card.area, input.flags, input.permissions).ok;
}

export function resolveCards(input: CardInput, cards: readonly HomeCardDef[] = HOME_CARDS): ResolvedCard[] {
  const suppressDemo = input.flags.nlrr === true || input.flags.path_to_purchase === true;
  const out: ResolvedCard[] = [];
  for (const card of cards) {
    if (card.demo && suppressDemo) continue;
    if (!isCardEnabled(card, input)) continue;
    let actions = card.actions(input.context);
    if (card.data && !input.availability[card.data]) {
      if (!card.fallback) continue;
      actions = [...card.fallback];
    }
    out.push({ id: card.id, title: card.title, body: card.body, actions });
  }
  return out;
}

/**
 * "If the user may access audiences" (spec 1 §2.4): the audiences module is accessible, that is the
 * client has the audiences feature and the user reads audiences, the same rule as the navigation
 * entry and the route guard (a home that offers audiences the guard then refuses would mislead).
 */
export function canAccessAudiences(flags: FeatureFlags | undefined, permissions: PermissionSet | undefined): boolean {
  return checkArea('audiences', flags, permissions).ok;
}

/** The welcome card appears only when there are no cards and no audiences access. */
export function showWelcomeCard(cardCount: number, canAccessAudiences: boolean): boolean {
  return cardCount === 0 && !canAccessAudiences;
}
