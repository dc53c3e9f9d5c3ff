import '../../styles/notifications.css';
import { useEffect, useRef, useState } from 'react';
import { TEXT } from '@shared/constants';
import { desktopNotifications } from '../../lib/task-poller';
import type { Task } from './notifications-query';
import { ReportHistoryButton } from './report-history-button';
import { TaskItem } from './task-item';

/**
 * The desktop notification switch: a report or outcome that becomes ready raises a system
 * notification once the browser allows it and the user wants it. Hidden where the browser
 * has no notifications.
 */
function DesktopNotifications() {
  const [state, setState] = useState(() => ({ permission: desktopNotifications.permission(), wanted: desktopNotifications.wanted() }));
  if (!desktopNotifications.supported()) return null;
  const refresh = () => setState({ permission: desktopNotifications.permission(), wanted: desktopNotifications.wanted() });
  if (state.permission === 'denied') {
    return <p className="desktop-notifications">Desktop notifications are blocked by the browser.</p>;
  }
  if (state.wanted) {
    return (
      <p className="desktop-notifications">
        Desktop notifications are on.{' '}
        <button type="button" className="button button--ghost" onClick={() => { desktopNotifications.setWanted(false); refresh(); }}>
          Turn off desktop notifications
        </button>
      </p>
    );
  }
  return (
    <p className="desktop-notifications">
      <button type="button" className="button button--secondary" onClick={() => void desktopNotifications.allow().then(refresh)}>
        Allow desktop notifications
      </button>
    </p>
  );
}

interface Props {
  tasks: readonly Task[];
  /** Whether the tasks have come: loading until the first answer, failed when it could not be read. */
  state?: 'loading' | 'ready' | 'failed';
  context: string;
  onClose: () => void;
  shownTask?: number | null;
  /** report_task_admin create: "Download Report History". */
  canDownloadHistory?: boolean;
}

/** The notification centre (spec 1 §2.8), 800 px wide beside the navigation. */
export function NotificationPanel({ tasks, state = 'ready', context, onClose, shownTask = null, canDownloadHistory = false }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<HTMLLIElement>(null);
  // Opened by a system notification's click: its task is brought into view (where its download is).
  useEffect(() => {
    shown.current?.scrollIntoView({ block: 'nearest' });
  }, [shownTask, tasks.length]);
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
      <DesktopNotifications />
      {canDownloadHistory ? <ReportHistoryButton context={context} /> : null}
      {state === 'loading' ? (
        <p className="empty-state" role="status">Loading notifications…</p>
      ) : state === 'failed' ? (
        <p className="empty-state" role="alert">Notifications could not be loaded. They are asked for again in a moment.</p>
      ) : tasks.length === 0 ? (
        <p className="empty-state">{TEXT.notificationsEmpty}</p>
      ) : (
        <ul className="task-list">
          {tasks.map((t) => (
            <TaskItem key={t.id} ref={t.id === shownTask ? shown : undefined} task={t} context={context} shown={t.id === shownTask} onClose={onClose} />
          ))}
        </ul>
      )}
    </aside>
  );
}
