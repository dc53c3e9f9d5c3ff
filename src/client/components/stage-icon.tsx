import type { ReactNode } from 'react';
import type { JourneyIcon } from '@shared/rules/journey';

/**
 * The stage icons of spec 3 §3, drawn once as small line icons (24 × 24, in the current colour)
 * so the builder's picker and the chart show the same marks without an icon font.
 */
const eye = <><path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12Z" /><circle cx="12" cy="12" r="3" /></>;
const thumb = <><path d="M7 10v10H4V10h3Z" /><path d="M7 10l4-7c1.6 0 2.5 1.1 2.2 2.7L12.6 9H19a2 2 0 0 1 2 2.3l-1.2 6.9A2 2 0 0 1 17.8 20H7" /></>;
const circled = (n: number) => (
  <>
    <circle cx="12" cy="12" r="9.5" />
    <text x="12" y="16" textAnchor="middle" fontSize={n >= 10 ? 9.5 : 11} fontWeight="700" fill="currentColor" stroke="none" fontFamily="system-ui, sans-serif">{n}</text>
  </>
);

const PATHS: Record<JourneyIcon, ReactNode> = {
  blank: null,
  eye,
  'eye-slash': <>{eye}<path d="M4 3l16 18" /></>,
  'low-vision': <>{eye}<path d="M6 4l12 16" strokeDasharray="3 2.5" /></>,
  group: <><circle cx="12" cy="8" r="3" /><path d="M6.5 19a5.5 5.5 0 0 1 11 0" /><circle cx="5" cy="10" r="2.2" /><path d="M1.5 18a3.6 3.6 0 0 1 4.5-3.4" /><circle cx="19" cy="10" r="2.2" /><path d="M22.5 18a3.6 3.6 0 0 0-4.5-3.4" /></>,
  heartbeat: <><path d="M12 20s-8-4.8-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.2 12 20 12 20Z" /><path d="M3 12h4l2-3 3 6 2-3h7" /></>,
  heart: <path d="M12 20s-8-4.8-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.2 12 20 12 20Z" />,
  'meh-o': <><circle cx="12" cy="12" r="9.5" /><circle cx="9" cy="10" r="0.8" fill="currentColor" /><circle cx="15" cy="10" r="0.8" fill="currentColor" /><path d="M8.5 15.5h7" /></>,
  'thumbs-up': thumb,
  'thumbs-down': <g transform="rotate(180 12 12)">{thumb}</g>,
  key: <><circle cx="7.5" cy="14.5" r="4.5" /><path d="M11 11.5 20 3M16.5 6.5l2.5 2.5M14 9l2 2" /></>,
  'shopping-cart': <><path d="M2 3h3l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.4-1.1L21 7H6" /><circle cx="9.5" cy="20" r="1.5" /><circle cx="17" cy="20" r="1.5" /></>,
  comments: <><path d="M3 5h11v7H8l-3 3v-3H3V5Z" /><path d="M16 9h5v7h-2v3l-3-3h-5v-2" /></>,
  'clock-o': <><circle cx="12" cy="12" r="9.5" /><path d="M12 6.5V12l3.5 2.5" /></>,
  bullhorn: <><path d="M3 10v4h3l9 5V5L6 10H3Z" /><path d="M6 14l1.5 6h2.5L9 15.5" /><path d="M18.5 9.5a3.5 3.5 0 0 1 0 5" /></>,
  magnet: <><path d="M5 3v9a7 7 0 0 0 14 0V3h-4v9a3 3 0 0 1-6 0V3H5Z" /><path d="M5 7h4M15 7h4" /></>,
  star: <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L12 2.8Z" />,
  'map-marker': <><path d="M12 21.5s-6.5-6.6-6.5-11.5a6.5 6.5 0 0 1 13 0c0 4.9-6.5 11.5-6.5 11.5Z" /><circle cx="12" cy="10" r="2.4" /></>,
  flag: <><path d="M5 21V3" /><path d="M5 4h12l-2.5 4L17 12H5" /></>,
  'question-circle': <><circle cx="12" cy="12" r="9.5" /><path d="M9.3 9.3a2.8 2.8 0 1 1 3.9 2.6c-.8.4-1.2 1-1.2 1.8v.6" /><circle cx="12" cy="17.2" r="0.9" fill="currentColor" /></>,
  envelope: <><rect x="2.5" y="5" width="19" height="14" rx="1.5" /><path d="M3 6l9 7 9-7" /></>,
  'envelope-open': <><path d="M2.5 10v9.5h19V10L12 3.5 2.5 10Z" /><path d="M3 10.5l9 6 9-6" /></>,
  tachometer: <><path d="M3 17a9 9 0 1 1 18 0" /><path d="M12 17l4.5-6" /><circle cx="12" cy="17" r="1.3" fill="currentColor" /><path d="M5.5 12.5l1.3.8M12 7.5V9M18.5 12.5l-1.3.8" /></>,
  calendar: <><rect x="3" y="5" width="18" height="16" rx="1.5" /><path d="M3 10h18M8 3v4M16 3v4" /><path d="M7 14h2M11 14h2M15 14h2M7 17.5h2M11 17.5h2" /></>,
  'balance-scale': <><path d="M12 3v18M7 21h10M4 6h16" /><path d="M4 6l-3 7a3 3 0 0 0 6 0L4 6ZM20 6l-3 7a3 3 0 0 0 6 0l-3-7Z" /></>,
  'circle-1': circled(1),
  'circle-2': circled(2),
  'circle-3': circled(3),
  'circle-4': circled(4),
  'circle-5': circled(5),
  'circle-6': circled(6),
  'circle-7': circled(7),
  'circle-8': circled(8),
  'circle-9': circled(9),
  'circle-10': circled(10),
};

/** A stage's icon; 'blank' draws nothing (but keeps its place). */
export function StageIcon({ icon, sizePx = 24, title }: { icon: JourneyIcon; sizePx?: number; title?: string }) {
  return (
    <svg
      className="stage-icon"
      viewBox="0 0 24 24"
      width={sizePx}
      height={sizePx}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
      data-icon={icon}
    >
      {PATHS[icon]}
    </svg>
  );
}
