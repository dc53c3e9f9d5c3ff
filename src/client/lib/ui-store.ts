import { proxy } from 'valtio';
import { TIMING } from '@shared/constants';

/** What a toast reports: a success, a failure or refusal, or a warning (issue 27 item 7). */
export type ToastTone = 'success' | 'error' | 'warning';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  description?: string;
  /** How long it shows. */
  durationMs: number;
}

/** A toast to raise: its tone is always said; its duration is the tone's default unless the area's spec names another. */
export type ToastInput = Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number };

/** Each tone's default duration: success 4000 ms (spec 1 §9), errors 5000 ms (spec 3 §9), warnings as errors. */
export const TOAST_MS: Record<ToastTone, number> = { success: TIMING.toastMs, error: TIMING.errorToastMs, warning: TIMING.errorToastMs };

export interface Warning {
  id: number;
  lines: string[];
}

/** UI state that is not server data (DESIGN.md: valtio stores). */
export const ui = proxy({
  navExpanded: true,
  notificationsOpen: false,
  /** The task the notification centre opened on (a system notification's click), if any. */
  notificationTask: null as number | null,
  /** The global banner (spec 1 §8); clearOnNavigate drops it on the next navigation. */
  banner: null as null | { message: string; clearOnNavigate: boolean },
  warnings: [] as Warning[],
  toasts: [] as Toast[],
});

let nextId = 1;

export function showBanner(message: string, clearOnNavigate = true): void {
  ui.banner = { message, clearOnNavigate };
}

export function clearBannerOnNavigate(): void {
  if (ui.banner?.clearOnNavigate) ui.banner = null;
}

export function showWarning(lines: string[], ms: number): void {
  const id = nextId++;
  ui.warnings.push({ id, lines });
  setTimeout(() => {
    ui.warnings = ui.warnings.filter((w) => w.id !== id);
  }, ms);
}

export function showToast({ tone, title, description, durationMs }: ToastInput): void {
  ui.toasts.push({ id: nextId++, tone, title, description, durationMs: durationMs ?? TOAST_MS[tone] });
}

/** A success: the default, green toast. */
export const successToast = (title: string, description?: string, durationMs?: number) => showToast({ tone: 'success', title, description, durationMs });
/** A failure or a refusal: never green. */
export const errorToast = (title: string, description?: string, durationMs?: number) => showToast({ tone: 'error', title, description, durationMs });
/** Done, but with something the user should know. */
export const warningToast = (title: string, description?: string, durationMs?: number) => showToast({ tone: 'warning', title, description, durationMs });

export function removeToast(id: number): void {
  ui.toasts = ui.toasts.filter((t) => t.id !== id);
}
