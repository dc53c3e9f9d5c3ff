/** Business constants of spec/1-shell.md §9, shared by server and client. */
export const LAYOUT = {
  navCollapsedPx: 56,
  navExpandedPx: 200,
  notificationPanelPx: 800,
  topBarPx: 80,
  minMainWidthPx: 1280,
} as const;

export const TIMING = {
  taskPollFirstMs: 5_000,
  taskPollEveryMs: 300_000,
  /** Tasks while the notification centre is open or a report is being made (issue 14). */
  taskPollBusyMs: 5_000,
  /** A report's job progress while the centre shows it in progress (issue 14). */
  jobProgressPollMs: 2_000,
  logoutRedirectMs: 200,
  /** A success toast (spec 1 §9). */
  toastMs: 4_000,
  /** An error or refusal toast (spec 3 §9: "error 5000 ms"). */
  errorToastMs: 5_000,
  contextWarningMs: 10_000,
  buildInfoMs: 5_000,
  /** The demo data status is asked again this often while a region is being prepared (issue 3). */
  dataStatusPollMs: 3_000,
} as const;

export const NOTIFICATION_EXPIRY_DAYS = 15;
export const HOME_AUDIENCE_LIMITS = [5, 10] as const;
export type HomeAudienceLimit = (typeof HOME_AUDIENCE_LIMITS)[number];
export const DEMO_COMPANY_ID = 2000;

/** Navigation categories in display order (§2.5, §9). */
export const CATEGORY_ORDER = [
  'insights',
  'audiences',
  'plans',
  'outcomes',
  'creative',
  'toolbox',
  'analytics',
  'home',
] as const;
export type Category = (typeof CATEGORY_ORDER)[number];

/** The product's exact wording (texts in quotes in the spec). */
export const TEXT = {
  notFoundTitle: 'No page matches that URL',
  notFoundBody: 'Nothing in this application matches that URL.',
  genericError: 'Something went wrong with this page. Please refresh and try again',
  /** A part of the shell (a panel, a menu) whose code the browser could not fetch: the server went before it was. */
  partNotLoaded: 'This panel could not be loaded without the server.',
  invalidClient: (slug: string) => `Invalid client: ${slug}`,
  routingError: 'Routing Error: The URL did not specify an active client',
  notificationsEmpty:
    'No new notifications to show. Notifications are automatically removed after 15 days.',
  dataUnavailable: 'Data unavailable',
  recentActivity: 'Your Recent Audience Activity',
  viewingAs: '(Viewing as)',
  loginFailed: 'The email or password is incorrect.',
  tooManyAttempts: 'Too many login attempts. Please wait and try again.',
  loginBusy: 'Many sign-ins are being checked right now. Please try again in a moment.',
  csrfMissing: 'CSRF token missing or invalid. Please refresh and try again.',
  contextForbidden: 'You do not have access to this client context.',
  permissionDenied: 'You do not have permission to do this.',
  sessionExpired: 'Your session has ended. Please log in again.',
  noticeBody:
    'The selected client and region has no brand or product associated with it. Please contact your Agency Admin, or Product Support for general enquiries.',
  toolboxLoading:
    'If this page takes longer than 1 minute to load, please reach out to Product Support',
  dataGenerating: (where: string, percent: number) =>
    `Preparing demo audience data for ${where}: ${percent} %. Counts become available when it is ready.`,
  dataLoading: (where: string, percent: number) =>
    `Loading demo audience data for ${where}: ${percent} %. Counts become available when it is ready.`,
  dataFailed: (where: string) => `Audience data for ${where} could not be prepared.`,
  updateAvailable: 'A new version is available',
  updateReload: 'Reload',
  conflictKeepMine: 'Keep mine',
  conflictTakeTheirs: 'Take theirs',
  /** After a refused edit's reason (issue 27): nothing of it is lost. */
  refusalKept: 'Your edit is kept: open Edits in the top bar to change it and send it again.',
  editAndRetry: 'Edit and retry',
  sendAgain: 'Send again',
} as const;

/** Names the page, the outbox and the service worker agree on (issue 4). */
export const OFFLINE = {
  /** The Web Lock held while the outbox is being sent; an update activates only while holding it. */
  outboxLock: 'outbox-drain',
  /** The service worker's cache of API reads (network first); wiped on logout. */
  apiCache: 'api-reads',
  /** The Background Sync tag that asks the service worker to send the outbox. */
  syncTag: 'outbox',
  /** Set by the service worker on an API answer it served from its cache. */
  cachedHeader: 'x-served-from-cache',
} as const;

/** Header names of the API contract. */
export const HEADERS = {
  csrf: 'x-csrf-token',
  context: 'x-context',
  requestId: 'x-request-id',
  ssoToken: 'sso-token',
  /** On a logout's answer when SAML_LOGOUT_URL is set: the identity provider's logout page to go to next. */
  logoutUrl: 'x-logout-url',
} as const;

export const SESSION_COOKIE = 'sid';
