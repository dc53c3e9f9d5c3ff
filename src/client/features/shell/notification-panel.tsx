import { useEffect, useRef } from 'react';
import { formatShortDate } from '@shared/rules/format';
import { TEXT } from '@shared/constants';
import { isTaskInProgress, isTaskNew } from '@shared/rules/notifications';
import type { Task } from './notifications-query';

/** The notification centre (spec 1 §2.8), 800 px wide beside the navigation. */
export function NotificationPanel({ tasks, onClose }: { tasks: readonly Task[]; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves into the panel when it opens and back to where it was (the bell) when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.focus();
    return () => opener?.focus();
  }, []);
  return (
    <aside
      className="notification-panel"
      aria-labelledby="notifications-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="notification-panel__header">
        <h2 id="notifications-title" ref={heading} tabIndex={-1}>Notifications</h2>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Close
        </button>
      </div>
      {tasks.length === 0 ? (
        <p className="empty-state">{TEXT.notificationsEmpty}</p>
      ) : (
        <ul className="task-list">
          {tasks.map((t) => (
            <li key={t.id} className={isTaskNew(t) ? 'task task--new' : 'task'}>
              <span>{isTaskInProgress(t) ? `IN-PROGRESS: ${t.ui_name ?? t.name ?? ''}` : (t.ui_name ?? t.name ?? '')}</span>
              <time dateTime={t.created_at}>{formatShortDate(t.created_at)}</time>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
