import { copyName, GROW_TEXT } from '@shared/rules/grow';
import type { CreateChartBody } from '@shared/schemas/grow';
import type { StoredCommand } from '../../lib/offline/db';
import * as commands from './chart-commands';
import type { AudienceView, MarketView, MekkoView, SummaryView } from './chart-edits';
import { growErrorToast, growState, growToast } from './grow-store';
import { acknowledgement } from '../../lib/offline/save-acknowledgement';
import { noticeFor } from './save-feedback';

interface Options {
  context: string;
  chart: MekkoView | undefined;
  charts: readonly SummaryView[];
  current: SummaryView | undefined;
  open: (id: number | string | undefined) => void;
}

const newId = (data: unknown) => (typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'number' ? (data as { id: number }).id : undefined);

/**
 * Grow's edits, each queued through the outbox (shown at once) and acknowledged with the spec's
 * notices (2500 ms) once the server has it: "Saved", "Created", "Copied", "Deleted". An edit that
 * stays on the device (offline, or its send failed and waits) says "Saved on this device" instead;
 * one the server refuses is explained by the outbox. A device that cannot store the edit gets the
 * spec's failure notice. Making a chart (create, copy) opens it once the server has named it.
 */
export function useChartActions({ context, chart, charts, current, open }: Options) {
  const target = chart ? { context, chart } : null;
  const queued = (work: Promise<StoredCommand>, success: string, failure: string) =>
    work.then((command) => {
      const { outcome, settled } = acknowledgement(command.id);
      void outcome.then((result) => {
        const notice = noticeFor(result, success);
        if (notice) growToast(notice);
      });
      // Wrapped: a promise returned from then() would be waited for, and the caller acts on the queueing.
      return { settled };
    }).catch(() => {
      growErrorToast(failure);
      return null;
    });
  const openWhenMade = (queuedEdit: { settled: Promise<{ applied: boolean; data: unknown }> } | null) => {
    void queuedEdit?.settled.then((outcome) => {
      if (outcome.applied) open(newId(outcome.data));
    });
  };
  const edit = (work: (t: NonNullable<typeof target>) => Promise<StoredCommand>, success: string = GROW_TEXT.saved) => {
    if (!target) return;
    void queued(work(target), success, GROW_TEXT.saveFailed);
  };

  return {
    saveChart(body: CreateChartBody, mode: 'create' | 'edit') {
      growState.panel = null;
      if (mode === 'create') {
        void queued(commands.createChart(context, body).queued, GROW_TEXT.created, GROW_TEXT.saveFailed).then(openWhenMade);
        return;
      }
      const { creation_method: _method, vertical_type: _vertical, ...fields } = body;
      edit((t) => commands.updateChart(t, fields));
    },
    copy() {
      if (!current || typeof current.id !== 'number') return;
      const name = copyName(current.name, charts.map((c) => c.name));
      void queued(commands.copyChart(context, current, name).queued, GROW_TEXT.copied, GROW_TEXT.copyFailed).then(openWhenMade);
    },
    remove() {
      growState.dialog = null;
      if (!target) return;
      void queued(commands.deleteChart(target), GROW_TEXT.deleted, GROW_TEXT.deleteFailed).then((queuedEdit) => {
        if (queuedEdit) open(undefined);
      });
    },
    removeInvalid: () => edit((t) => commands.removeInvalidAudiences(t)),
    addMarket: (name: string) => edit((t) => commands.addMarket(t, name), GROW_TEXT.created),
    renameMarket: (market: MarketView, name: string) => edit((t) => commands.renameMarket(t, market, name)),
    deleteMarket: (market: MarketView) => edit((t) => commands.deleteMarket(t, market), GROW_TEXT.deleted),
    reorderMarkets: (ids: readonly (number | string)[]) => edit((t) => commands.reorderMarkets(t, ids)),
    addAudience: (market: MarketView, fields: commands.AudienceFields) => edit((t) => commands.addAudience(t, market, fields), GROW_TEXT.created),
    updateAudience: (audience: AudienceView, fields: commands.AudienceFields & { market_id?: number | string }) => edit((t) => commands.updateAudience(t, audience, fields)),
    deleteAudience: (audience: AudienceView) => edit((t) => commands.deleteAudience(t, audience), GROW_TEXT.deleted),
    reorderAudiences: (market: MarketView, ids: readonly (number | string)[]) => edit((t) => commands.reorderAudiences(t, market, ids)),
  };
}

export type ChartActions = ReturnType<typeof useChartActions>;
