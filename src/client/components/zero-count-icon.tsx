import './zero-count.css';
import { GROW_TEXT } from '@shared/rules/grow';
import { TextTooltip } from './chart-tooltip';

const Icon = () => (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
    <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <path d="M8 7v4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    <circle cx="8" cy="4.6" r="1" fill="currentColor" />
  </svg>
);

/** What the mark says: Grow's name an audience, Journey's a stage. */
export interface ZeroCountTexts {
  zeroCountClick: string;
  zeroCountReplace: string;
}

/**
 * The mark on an audience (a Grow tile, a Journey stage) that counts zero (spec 3 §2.2, §2.3). When the user may open the
 * explanation it is a button; otherwise it only says to pick another audience, so it is a
 * focusable image (focus shows the tooltip) rather than a button that does nothing.
 */
export function ZeroCountIcon({ name, canOpen, onOpen, texts = GROW_TEXT }: { name: string; canOpen: boolean; onOpen(): void; texts?: ZeroCountTexts }) {
  const text = canOpen ? texts.zeroCountClick : texts.zeroCountReplace;
  return (
    <TextTooltip text={text}>
      {canOpen ? (
        <button
          type="button"
          className="zero-count-icon"
          aria-label={`${name}: ${text}`}
          onClick={(event) => {
            // The icon sits on the tile or gauge: the click must not also select or edit the audience.
            event.stopPropagation();
            onOpen();
          }}
        >
          <Icon />
        </button>
      ) : (
        // Focusable so keyboard users can read the tooltip too.
        <span className="zero-count-icon zero-count-icon--static" role="img" tabIndex={0} aria-label={`${name}: ${text}`}>
          <Icon />
        </span>
      )}
    </TextTooltip>
  );
}
