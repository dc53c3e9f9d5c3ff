import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { GROW_TEXT, zeroReason, type ZeroReason } from '@shared/rules/grow';
import type { ChartAudience } from './chart-model';

const REASONS: readonly { reason: ZeroReason; text: string }[] = [
  { reason: 'expiration', text: GROW_TEXT.zeroCountExpiration },
  { reason: 'membership', text: GROW_TEXT.zeroCountMembership },
  { reason: 'deletion', text: GROW_TEXT.zeroCountDeletion },
];

/** 'Expiration: the data vendor ...' -> ['Expiration', 'the data vendor ...'], so the reason's name can stand out. */
function splitReason(text: string): [string, string] {
  const at = text.indexOf(': ');
  return at === -1 ? ['', text] : [text.slice(0, at), text.slice(at + 2)];
}

/**
 * Why an audience counts zero (spec 3 §2.2): the three reasons, with the one that fits this
 * audience's segment marked, so the user knows whether to wait, pick another segment or replace it.
 */
export function ZeroCountDialog({ audience, onClose }: { audience: Pick<ChartAudience, 'name' | 'segment'>; onClose(): void }) {
  // Opened from an icon rather than a Dialog.Trigger, so radix has nothing to refocus on close:
  // remember what had focus (the icon) and go back to it, or keyboard users land on <body>.
  const [returnTo] = useState(() => (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const restoreFocus = (event: Event) => {
    if (!returnTo?.isConnected) return;
    event.preventDefault();
    returnTo.focus();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog zero-count-dialog" onCloseAutoFocus={restoreFocus}>
          <Dialog.Title>{GROW_TEXT.zeroCountTitle}</Dialog.Title>
          <Dialog.Description>
            {`The audience '${audience.name}' has a zero count. An audience counts zero for one of these reasons:`}
          </Dialog.Description>
          <ZeroCountReasons likely={zeroReason(audience.segment)} />
          <div className="dialog__actions">
            <Dialog.Close className="button button--primary">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The three reasons, the likely one marked in words as well as by its border. */
export function ZeroCountReasons({ likely }: { likely: ZeroReason }) {
  return (
    <ul className="zero-count-dialog__reasons">
      {REASONS.map(({ reason, text }) => {
        const [title, body] = splitReason(text);
        const isLikely = reason === likely;
        return (
          <li key={reason} className={`zero-count-reason${isLikely ? ' zero-count-reason--likely' : ''}`}>
            <p className="zero-count-reason__text">
              {title ? <strong>{title}: </strong> : null}
              {body}
            </p>
            {isLikely ? <p className="zero-count-reason__badge">Most likely for this audience</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
