import type { NavCategory } from '@shared/rules/navigation';

const PATHS: Record<NavCategory | 'bell' | 'expand' | 'collapse', string> = {
  insights: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  audiences: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 10v-1a6 6 0 0 1 12 0v1m3-10a3 3 0 1 0 0-6m2 16v-1a5 5 0 0 0-3-4.6',
  plans: 'M4 4h16v16H4zM4 9h16M9 4v16',
  outcomes: 'M3 17l6-6 4 4 8-8m0 0h-5m5 0v5',
  creative: 'M12 3l2.5 5 5.5.8-4 3.9.9 5.5L12 15.6 7.1 18.2 8 12.7 4 8.8 9.5 8z',
  toolbox: 'M3 8h18v12H3zM8 8V5h8v3M3 13h18',
  analytics: 'M12 3a9 9 0 1 0 9 9h-9z M14 2v8h8a8 8 0 0 0-8-8z',
  home: 'M3 11l9-8 9 8v10h-6v-6H9v6H3z',
  admin: 'M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4zm4 4a2 2 0 0 0 4 0',
  expand: 'M9 6l6 6-6 6',
  collapse: 'M15 6l-6 6 6 6',
};

/** Inline SVG icons of the navigation (decorative: the entries carry text labels). */
export function NavIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className="nav-icon" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={PATHS[name]} />
    </svg>
  );
}
