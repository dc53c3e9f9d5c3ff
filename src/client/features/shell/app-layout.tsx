import { Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { LAYOUT, TEXT, TIMING } from '@shared/constants';
import { can } from '@shared/permissions';
import { formatContext, resolveContext, slugsOf } from '@shared/rules/context';
import { buildNavigation, homeGroup, withAdminIndex } from '@shared/rules/navigation';
import { badgeCount } from '@shared/rules/notifications';
import { contextFromPath, contextHomePath, isAdminPath, productPath } from '@shared/rules/url-context';
import { LoadBoundary } from '../../components/load-boundary';
import { useDataAvailability } from '../../lib/data-queries';
import { useHierarchySync } from '../../lib/hierarchy-sync';
import { useLazyPart } from '../../lib/lazy-part';
import { useWithOutbox } from '../../lib/offline/outbox-client';
import { usePreloadWhenIdle } from '../../lib/preload-when-idle';
import { pingSession } from '../../lib/session-actions';
import { sessionQueryOptions } from '../../lib/session-queries';
import { storage } from '../../lib/storage';
import { toolboxUnitsQueryOptions } from '../../lib/toolbox-queries';
import { ui } from '../../lib/ui-store';
import { DemoDataNotice } from './demo-data-notice';
import { TASK_ENTITY } from './task-commands';
import { LeftNav } from './left-nav';
import { notificationsQueryOptions } from './notifications-query';
import { TopBar } from './top-bar';

const appRoute = getRouteApi('/_app');
// The panel is not in the shell's first load: it is fetched once the page is idle, so that it opens
// with the server gone too (the tasks the device last saw).
const loadNotificationPanel = () => import('./notification-panel');
const loadPanelPart = () => loadNotificationPanel().then((m) => m.NotificationPanel);

/** Outside a context the navigation has only home. */
const HOME_ONLY = [homeGroup('/home')];

/** Polling starts 5 s after load (spec 1 §4). */
function useDelayedStart(ms: number): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return started;
}

/** A lapsed login is noticed by pinging self.json when the tab comes back and every 5 minutes. */
function useSessionPing() {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void pingSession();
    };
    const timer = setInterval(() => void pingSession(), TIMING.taskPollEveryMs);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}

/** The shell around every guarded page: top bar, left navigation, notification centre. */
export function AppLayout() {
  const context = appRoute.useRouteContext();
  const { permissions, hierarchy } = context;
  // The session as cached now, not as it was when the route loaded: a ping or a data source
  // switch shows at once (issue 13 item 12). Watching only: the guard and the ping fetch it.
  const session = useQuery({ ...sessionQueryOptions(), enabled: false }).data ?? context.session;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useHierarchySync({ queryClient: useQueryClient(), router: useRouter() });
  const snap = useSnapshot(ui);
  useSessionPing();
  usePreloadWhenIdle(loadNotificationPanel);
  const notificationPanel = useLazyPart(loadPanelPart);
  const NotificationPanel = notificationPanel.Part;
  // Opened again after its code could not be fetched: it is fetched again.
  const retryPanel = notificationPanel.retry;
  useEffect(() => {
    if (snap.notificationsOpen) retryPanel();
  }, [snap.notificationsOpen, retryPanel]);
  const urlContext = contextFromPath(pathname);
  const slugs = urlContext ?? storage.lastContext();
  const current = slugs ? resolveContext(hierarchy, slugs) : null;
  const units = useQuery({ ...toolboxUnitsQueryOptions(current?.client.slug ?? ''), enabled: !!current });
  const pollStarted = useDelayedStart(TIMING.taskPollFirstMs);
  // Tasks are polled in the resolved context (never a stale remembered product) for the acting user.
  const taskContext = current
    ? slugsOf(current)
    : { client: '' };
  // Opening the centre asks at once rather than waiting for the first poll (issue 27 item 18).
  const tasks = useQuery({ ...notificationsQueryOptions(taskContext, session.user.id, snap.notificationsOpen), enabled: (pollStarted || snap.notificationsOpen) && !!current });
  // Until the first answer the centre says it is loading, never that there is nothing.
  const tasksState = !current || tasks.data !== undefined ? 'ready' : tasks.isError ? 'failed' : 'loading';
  // A task marked read is read at once, even before the server has been told.
  const tasksShown = useWithOutbox(TASK_ENTITY, tasks.data);
  // The navigation follows the URL's context, and so do its data checks.
  const availability = useDataAvailability(urlContext ? current : null);

  const groups = current && urlContext
    ? buildNavigation({
        client: current.client,
        region: current.region,
        productPath: productPath(urlContext),
        homePath: contextHomePath(urlContext),
        permissions,
        units: units.data ?? [],
        availability,
      })
    : [];
  // "Make available offline" saves the context's home and every screen its navigation opens.
  const offlinePath = current?.product ? productPath(urlContext) : null;
  const offline = current?.product && offlinePath
    ? {
        contextKey: offlinePath,
        contextLabel: [current.client.name, current.region?.name, current.brand?.name, current.product.name].filter(Boolean).join(' / '),
        paths: [`/${offlinePath}/home`, ...groups.flatMap((g) => g.entries).flatMap((e) => (e.target.kind === 'internal' ? [e.target.path] : []))]
          // The screen on view is loaded already; preloading the match that is showing only churns it.
          .filter((p, i, all) => all.indexOf(p) === i && p !== pathname),
      }
    : null;
  const navWidth = snap.navExpanded ? LAYOUT.navExpandedPx : LAYOUT.navCollapsedPx;

  return (
    <div className="app" style={{ ['--nav-width' as string]: `${navWidth}px` }}>
      <a href="#main" className="skip-link">Skip to content</a>
      <TopBar
        session={session} permissions={permissions} hierarchy={hierarchy} current={current}
        pathname={pathname} pickerDisabled={isAdminPath(pathname)} offline={offline}
      />
      {/* The panel hangs off the navigation, so it stays under the top bar wherever the page is scrolled. */}
      <div className="app__side">
        <LeftNav groups={withAdminIndex(groups.length > 0 ? groups : HOME_ONLY, pathname)}
          pathname={pathname} badgeCount={badgeCount(tasksShown ?? [])} />
        {snap.notificationsOpen ? (
          <LoadBoundary key={notificationPanel.attempt} fallback={(
            <section className="notification-panel" aria-label="Notifications">
              <p role="status">{TEXT.partNotLoaded}</p>
              <button type="button" className="button button--secondary" onClick={notificationPanel.retry}>Try again</button>{' '}
              <button type="button" className="button button--ghost" onClick={() => (ui.notificationsOpen = false)}>Close</button>
            </section>
          )}>
          <Suspense fallback={null}>
            <NotificationPanel
              tasks={tasksShown ?? []} state={tasksState} context={formatContext(taskContext)} shownTask={snap.notificationTask}
              canDownloadHistory={can(permissions, 'report_task_admin', 'create')}
              onClose={() => {
                ui.notificationsOpen = false;
                ui.notificationTask = null;
              }}
            />
          </Suspense>
          </LoadBoundary>
        ) : null}
      </div>
      <main id="main" className="app__main" tabIndex={-1}>
        <DemoDataNotice clientSlug={current?.client.slug} regionSlug={current?.region?.slug} />
        <Outlet />
      </main>
    </div>
  );
}
