import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { GROW_TEXT, zeroReason, type ZeroCause, type ZeroReason } from '@shared/rules/grow';
import './zero-count.css';

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

/** The audience that counts zero: its name, its segment (null: none) and, when known, why. */
export interface ZeroCountAudience {
  name: string;
  segment: Parameters<typeof zeroReason>[0];
  zeroCause?: ZeroCause | null;
  segmentKind?: 'Matched' | 'Modeled' | null;
}

/**
 * Why an audience (a Grow tile, a Journey stage's cell) counts zero (spec 3 §2.2): the three reasons, with the one that is true for this
 * audience marked, so the user knows whether to wait, pick another segment or replace it. An
 * audience with no segment for the tab (or a typed population of 0) has none of them: its own
 * cause is named first and marked, and no reason is.
 */
export function ZeroCountDialog({ audience, onClose }: { audience: ZeroCountAudience; onClose(): void }) {
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
          <ZeroCountReasons cause={audience.zeroCause ?? zeroReason(audience.segment)} name={audience.name} kind={audience.segmentKind ?? 'Matched'} />
          <div className="dialog__actions">
            <Dialog.Close className="button button--primary">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const isReason = (cause: ZeroCause): cause is ZeroReason => REASONS.some((r) => r.reason === cause);

/** The audience's own cause when it is not one of the three: the spec's words for a missing segment. */
function ownCause(cause: ZeroCause, name: string, kind: 'Matched' | 'Modeled'): [string, string] | null {
  if (cause === 'no-segment') return ['No segment', GROW_TEXT.cannotFilter(name, kind)];
  if (cause === 'population') return splitReason(GROW_TEXT.zeroCountPopulation(name));
  return null;
}

/** The reasons, the one true for this audience marked in words as well as by its border. */
export function ZeroCountReasons({ cause, name = 'this audience', kind = 'Matched' }: { cause: ZeroCause; name?: string; kind?: 'Matched' | 'Modeled' }) {
  const own = isReason(cause) ? null : ownCause(cause, name, kind);
  return (
    <ul className="zero-count-dialog__reasons">
      {own ? <Reason title={own[0]} body={own[1]} marked="The cause for this audience" /> : null}
      {REASONS.map(({ reason, text }) => {
        const [title, body] = splitReason(text);
        return <Reason key={reason} title={title} body={body} marked={reason === cause ? 'Most likely for this audience' : null} />;
      })}
    </ul>
  );
}

function Reason({ title, body, marked }: { title: string; body: string; marked: string | null }) {
  return (
    <li className={`zero-count-reason${marked ? ' zero-count-reason--likely' : ''}`}>
      <p className="zero-count-reason__text">
        {title ? <strong>{title}: </strong> : null}
        {body}
      </p>
      {marked ? <p className="zero-count-reason__badge">{marked}</p> : null}
    </li>
  );
}
