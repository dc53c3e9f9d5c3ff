import type { GrowTag } from './grow';

/**
 * Industry-vertical templates (spec 3 §4, "prePopulated"): a chart made from one takes the
 * vertical's display name and its markets and audiences. Each audience names the segment it
 * is matched to by its path (top > middle > leaf word); the server attaches the region's first
 * live segment on that path, matched from a non-modeled vendor and modeled from the modeled one.
 */
export interface VerticalAudience {
  name: string;
  tag: GrowTag;
  /** [top, middle, leaf]: the leaf is matched at the end of the segment's last path part. */
  segment: readonly [string, string, string];
}

export interface Vertical {
  key: string;
  display_name: string;
  markets: readonly { name: string; audiences: readonly VerticalAudience[] }[];
}

export const VERTICALS: readonly Vertical[] = [
  {
    key: 'beverages',
    display_name: 'Beverages Market Landscape',
    markets: [
      {
        name: 'Soft Drinks',
        audiences: [
          { name: 'Soda Loyalists', tag: 'owned', segment: ['Behaviour', 'Beverages', 'Soda Drinkers'] },
          { name: 'Diet Switchers', tag: 'opportunity', segment: ['Behaviour', 'Beverages', 'Diet Soda Drinkers'] },
          { name: 'Energy Seekers', tag: 'none', segment: ['Behaviour', 'Beverages', 'Energy Drink Buyers'] },
        ],
      },
      {
        name: 'Water',
        audiences: [
          { name: 'Bottled Water Regulars', tag: 'owned', segment: ['Behaviour', 'Beverages', 'Bottled Water Buyers'] },
          { name: 'Sparkling Curious', tag: 'opportunity', segment: ['Behaviour', 'Beverages', 'Sparkling Water Buyers'] },
        ],
      },
      {
        name: 'Healthy Living',
        audiences: [
          { name: 'Juice Buyers', tag: 'opportunity', segment: ['Behaviour', 'Beverages', 'Juice Buyers'] },
          { name: 'Gym Goers', tag: 'none', segment: ['Behaviour', 'Wellness', 'Gym Members'] },
        ],
      },
    ],
  },
  {
    key: 'snacks',
    display_name: 'Snacking Occasions',
    markets: [
      {
        name: 'Salty',
        audiences: [
          { name: 'Chip Lovers', tag: 'owned', segment: ['Behaviour', 'Snacks', 'Chip Buyers'] },
          { name: 'Late-night Snackers', tag: 'opportunity', segment: ['Behaviour', 'Snacks', 'Late-night Snackers'] },
        ],
      },
      {
        name: 'Sweet',
        audiences: [
          { name: 'Cookie Fans', tag: 'owned', segment: ['Behaviour', 'Snacks', 'Cookie Buyers'] },
          { name: 'Bakers', tag: 'none', segment: ['Interests', 'Food', 'Baking'] },
        ],
      },
      {
        name: 'Better-for-you',
        audiences: [
          { name: 'Healthy Snackers', tag: 'opportunity', segment: ['Behaviour', 'Snacks', 'Healthy Snackers'] },
          { name: 'Snack Bar Buyers', tag: 'owned', segment: ['Behaviour', 'Snacks', 'Snack Bar Buyers'] },
          { name: 'Nut Buyers', tag: 'none', segment: ['Behaviour', 'Snacks', 'Nut Buyers'] },
        ],
      },
    ],
  },
  {
    key: 'automotive',
    display_name: 'Automotive Purchase Funnel',
    markets: [
      {
        name: 'In Market',
        audiences: [
          { name: 'New Car Intenders', tag: 'opportunity', segment: ['Purchase Intent', 'Auto', 'New Car'] },
          { name: 'EV Intenders', tag: 'opportunity', segment: ['Purchase Intent', 'Auto', 'Electric Vehicle'] },
          { name: 'Used Car Shoppers', tag: 'none', segment: ['Purchase Intent', 'Auto', 'Used Car'] },
        ],
      },
      {
        name: 'Ownership',
        audiences: [
          { name: 'Insurance Shoppers', tag: 'owned', segment: ['Purchase Intent', 'Auto', 'Auto Insurance'] },
          { name: 'Tire Buyers', tag: 'none', segment: ['Purchase Intent', 'Auto', 'Tires'] },
        ],
      },
    ],
  },
  {
    key: 'financial_services',
    display_name: 'Financial Services Needs',
    markets: [
      {
        name: 'Everyday Banking',
        audiences: [
          { name: 'Card Seekers', tag: 'opportunity', segment: ['Purchase Intent', 'Finance', 'Credit Card'] },
          { name: 'Bank Switchers', tag: 'opportunity', segment: ['Purchase Intent', 'Finance', 'Banking Switch'] },
        ],
      },
      {
        name: 'Wealth',
        audiences: [
          { name: 'Investors', tag: 'owned', segment: ['Purchase Intent', 'Finance', 'Investing'] },
          { name: 'Retirement Planners', tag: 'none', segment: ['Purchase Intent', 'Finance', 'Retirement Planning'] },
        ],
      },
      {
        name: 'Borrowing',
        audiences: [
          { name: 'Home Buyers', tag: 'opportunity', segment: ['Purchase Intent', 'Finance', 'Mortgage'] },
          { name: 'Personal Borrowers', tag: 'none', segment: ['Purchase Intent', 'Finance', 'Personal Loan'] },
        ],
      },
    ],
  },
];

export const verticalOf = (key: string | null | undefined): Vertical | null => VERTICALS.find((v) => v.key === key) ?? null;
