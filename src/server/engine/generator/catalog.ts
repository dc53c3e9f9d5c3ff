import { ANALYSIS_VENDORS } from '@shared/rules/data-checks';

/**
 * The vocabulary of the synthetic data: demographic categories (each person has exactly one
 * value in each), vendors, and the words segment names are made of.
 */
export interface CategoryDefinition {
  name: string;
  values: readonly string[];
}

const US_STATES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida', 'Georgia',
  'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland',
  'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire',
  'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania',
  'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington',
  'West Virginia', 'Wisconsin', 'Wyoming',
];

/** 15 categories, 200 values in all. */
export const CATEGORIES: readonly CategoryDefinition[] = [
  { name: 'Age', values: ['18-24', '25-34', '35-44', '45-54', '55-64', '65-74', '75+'] },
  { name: 'Gender', values: ['Female', 'Male', 'Non-binary'] },
  { name: 'Household Income', values: ['Under $25K', '$25K-$50K', '$50K-$75K', '$75K-$100K', '$100K-$150K', '$150K-$200K', '$200K-$250K', '$250K+'] },
  { name: 'Education', values: ['Less than High School', 'High School', 'Some College', 'Associate Degree', "Bachelor's Degree", 'Graduate Degree'] },
  { name: 'Household Size', values: ['1', '2', '3', '4', '5', '6+'] },
  { name: 'Marital Status', values: ['Single', 'Married', 'Divorced', 'Widowed', 'Domestic Partnership'] },
  { name: 'Children in Household', values: ['None', 'Under 6', '6-12', '13-17', 'Mixed Ages'] },
  { name: 'Home Ownership', values: ['Owner', 'Renter', 'Other'] },
  { name: 'State', values: US_STATES },
  {
    name: 'Occupation',
    values: [
      'Management', 'Business & Finance', 'Computer & Math', 'Engineering', 'Science', 'Community Service', 'Legal', 'Education',
      'Arts & Media', 'Healthcare Practitioner', 'Healthcare Support', 'Protective Service', 'Food Service', 'Building Maintenance',
      'Personal Care', 'Sales', 'Office Support', 'Construction', 'Production', 'Transportation', 'Military', 'Student', 'Retired',
      'Homemaker', 'Not Employed',
    ],
  },
  { name: 'Ethnicity', values: ['Asian', 'Black', 'Hispanic', 'White', 'Native American', 'Pacific Islander', 'Multiracial', 'Other'] },
  {
    name: 'Vehicle Body Style',
    values: ['Compact', 'Midsize Sedan', 'Full-size Sedan', 'Compact SUV', 'Midsize SUV', 'Full-size SUV', 'Pickup', 'Minivan', 'Sports Car', 'Luxury', 'Electric', 'No Vehicle'],
  },
  {
    name: 'Life Stage',
    values: [
      'Young Singles', 'Young Couples', 'New Parents', 'Established Families', 'Empty Nesters', 'Active Retirees', 'Senior Living',
      'Students', 'Urban Professionals', 'Rural Families', 'Suburban Families', 'Single Parents', 'Multigenerational', 'Golden Years',
      'Career Builders', 'Starting Out',
    ],
  },
  {
    name: 'Media Habits',
    values: [
      'Heavy TV', 'Light TV', 'Streaming First', 'Podcast Listener', 'Radio Listener', 'Print Reader', 'Social Heavy', 'Gamer',
      'News Junkie', 'Sports Viewer', 'Cord Cutter', 'Cord Never', 'Video on Demand', 'Music Streamer', 'Audiobooks', 'Mixed Media',
      'Light Media', 'Outdoor Media', 'Cinema Goer', 'Digital Magazine', 'Forum Reader', 'Newsletter Reader', 'Live Events',
      'Short Video', 'Long Video', 'Smart Speaker', 'Connected TV', 'Tablet First', 'Mobile First', 'Desktop First', 'Email Heavy',
      'Search Heavy', 'Shopping Apps', 'Travel Apps', 'Finance Apps',
    ],
  },
  {
    name: 'Language Preference',
    values: ['English', 'Spanish', 'Chinese', 'Tagalog', 'Vietnamese', 'Arabic', 'French', 'Korean', 'Russian', 'German', 'Haitian Creole', 'Hindi'],
  },
];

const vendor = (v: { vendor_name: string; vendor_type: string }) => ({ name: v.vendor_name, type: v.vendor_type });

/** Two third-party vendors, and the three whose data the analyses' availability checks ask for. */
export const VENDORS = [
  { name: 'Northwind Data', type: 'third_party' },
  { name: 'Contoso Signals', type: 'third_party' },
  vendor(ANALYSIS_VENDORS.panel),
  vendor(ANALYSIS_VENDORS.modeled),
  vendor(ANALYSIS_VENDORS.firstParty),
] as const;

/** Segment paths are top > middle > leaf, e.g. "Interests > Sports > Football". */
export const SEGMENT_TREE: Record<string, Record<string, readonly string[]>> = {
  Interests: {
    Sports: ['Football', 'Basketball', 'Baseball', 'Soccer', 'Golf', 'Tennis', 'Running', 'Cycling', 'Fitness', 'Outdoor'],
    Food: ['Cooking', 'Baking', 'Healthy Eating', 'Organic', 'Fast Food', 'Fine Dining', 'Coffee', 'Wine', 'Craft Beer', 'Vegan'],
    Entertainment: ['Movies', 'Music', 'Gaming', 'Theatre', 'Concerts', 'Reality TV', 'Comedy', 'Anime', 'Books', 'Podcasts'],
    Home: ['Gardening', 'DIY', 'Interior Design', 'Pets', 'Smart Home', 'Cleaning', 'Crafts', 'Collecting'],
  },
  'Purchase Intent': {
    Auto: ['New Car', 'Used Car', 'Electric Vehicle', 'Auto Insurance', 'Tires', 'Auto Loan'],
    Finance: ['Credit Card', 'Mortgage', 'Personal Loan', 'Investing', 'Retirement Planning', 'Banking Switch'],
    Retail: ['Apparel', 'Electronics', 'Furniture', 'Beauty', 'Toys', 'Jewelry', 'Sporting Goods', 'Appliances'],
    Travel: ['Air Travel', 'Hotels', 'Cruises', 'Vacation Rentals', 'Theme Parks', 'Car Rental'],
  },
  Behaviour: {
    Shopping: ['Bargain Hunters', 'Luxury Shoppers', 'Online Shoppers', 'Club Store Shoppers', 'Brand Loyalists', 'Impulse Buyers'],
    Beverages: ['Soda Drinkers', 'Diet Soda Drinkers', 'Bottled Water Buyers', 'Energy Drink Buyers', 'Juice Buyers', 'Sparkling Water Buyers'],
    Snacks: ['Chip Buyers', 'Snack Bar Buyers', 'Cookie Buyers', 'Nut Buyers', 'Healthy Snackers', 'Late-night Snackers'],
    Wellness: ['Gym Members', 'Vitamin Buyers', 'Yoga Practitioners', 'Diet Program Members', 'Sleep Trackers', 'Meditators'],
  },
};
