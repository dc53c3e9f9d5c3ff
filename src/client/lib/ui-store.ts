import { proxy } from 'valtio';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  /** How long it shows; the shell's default (spec 1 §9) when not given. */
  durationMs?: number;
  /** An error notice (the journey builder's name notices, spec 3 §5) is styled as one; success otherwise. */
  tone?: 'success' | 'error';
}

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

export function showToast(title: string, description?: string, durationMs?: number, tone?: Toast['tone']): void {
  ui.toasts.push({ id: nextId++, title, description, durationMs, tone });
}

export function removeToast(id: number): void {
  ui.toasts = ui.toasts.filter((t) => t.id !== id);
}
