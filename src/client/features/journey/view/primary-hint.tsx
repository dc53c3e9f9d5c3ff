import { useState } from 'react';
import { JOURNEY_TEXT } from '@shared/rules/journey';

const KEY = 'journeyPrimaryHintDismissed';
const dismissed = () => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

/** 'Select primary product to display' (spec 3 §2.3), until the user dismisses it (remembered on the device). */
export function PrimaryHint() {
  const [hidden, setHidden] = useState(dismissed);
  if (hidden) return null;
  const dismiss = () => {
    setHidden(true);
    try {
      localStorage.setItem(KEY, '1');
    } catch {
      // Storage unavailable (private mode): hidden for this visit.
    }
  };
  return (
    <p className="primary-hint" role="note">
      <span>{JOURNEY_TEXT.primaryHint}</span>
      <button type="button" className="primary-hint__close" aria-label="Dismiss hint" onClick={dismiss}>✕</button>
    </p>
  );
}
