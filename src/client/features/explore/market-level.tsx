import { useState } from 'react';
import { EXPLORE_LIMITS } from '@shared/rules/explore';
import { SlideInPanel } from '../../components/slide-in-panel';
import { FiguresTable } from '../../components/insights/figures-table';
import { SurveyResults } from '../../components/insights/survey-results';
import { widgetsByTab } from './explore-model';
import type { WidgetView } from './persona-edits';
import { createWidget, deleteWidget, updateWidget } from './widget-commands';
import { WidgetEditor, type WidgetDraft } from './widget-editor';

interface Props {
  context: string;
  personaId: number;
  widgets: readonly WidgetView[];
  canEdit: boolean;
  loading: boolean;
}

/** One custom widget: its rows as bars of their share (or their people). */
function MarketWidget({ widget }: { widget: WidgetView }) {
  return <FiguresTable label={widget.name} title={<>{widget.name}{widget.pending ? <span className="pending-badge"> Pending sync</span> : null}</>} rows={widget.rows} />;
}

/**
 * Market Level (spec 3 §2.1, §4): the persona's custom widgets grouped by tab, and the market and
 * region demographic overlays that edit them through the outbox.
 */
export function MarketLevel({ context, personaId, widgets, canEdit, loading }: Props) {
  const tabs = widgetsByTab(widgets);
  const region = widgets.find((w) => w.kind === 'region') ?? null;
  const [tab, setTab] = useState<string | null>(null);
  const [panel, setPanel] = useState<'market' | 'region' | null>(null);
  const shownTab = tabs.find((t) => t.tab === tab) ?? tabs[0];

  return (
    <div className="explore-market">
      {canEdit ? (
        <div className="explore-market__toolbar">
          <button type="button" className="button button--secondary" onClick={() => setPanel('market')}>Edit market demographics</button>
          <button type="button" className="button button--secondary" onClick={() => setPanel('region')}>Edit region demographics</button>
        </div>
      ) : null}
      {region ? <MarketWidget widget={region} /> : null}
      {/* The region's surveys (issue 30), beside its demographics. */}
      <SurveyResults context={context} level="region" what="the region" />
      {loading && widgets.length === 0 ? <p role="status" className="insight-loading">Loading…</p> : null}
      {!loading && tabs.length === 0 ? <p className="insight-prompt">No market-level widgets yet.</p> : null}
      {tabs.length > 1 ? (
        <div role="tablist" aria-label="Market level tabs" className="explore-market__tabs">
          {tabs.map((t) => (
            <button key={t.tab} type="button" role="tab" aria-selected={t.tab === shownTab?.tab} className="tabs__trigger" onClick={() => setTab(t.tab)}>{t.tab}</button>
          ))}
        </div>
      ) : null}
      {shownTab ? (
        <div className="explore-market__widgets" role={tabs.length > 1 ? 'tabpanel' : undefined} aria-label={shownTab.tab}>
          {shownTab.widgets.map((w) => <MarketWidget key={w.id} widget={w} />)}
        </div>
      ) : null}
      {panel === 'market' ? (
        <SlideInPanel title="Edit market demographics" widthPx={EXPLORE_LIMITS.marketOverlayWidth} onClose={() => setPanel(null)}>
          <MarketWidgetsEditor context={context} personaId={personaId} widgets={widgets.filter((w) => w.kind === 'market')} />
        </SlideInPanel>
      ) : null}
      {panel === 'region' ? (
        <SlideInPanel title="Edit region demographics" widthPx={EXPLORE_LIMITS.regionOverlayWidth} onClose={() => setPanel(null)}>
          <WidgetEditor
            key={String(region?.id ?? 'new')}
            widget={region ?? { name: 'Region demographics', tab: 'Region', rows: [] }}
            needsTab={false}
            onSave={(draft) => {
              save(context, personaId, region, draft, 'region');
              setPanel(null);
            }}
            onCancel={() => setPanel(null)}
          />
        </SlideInPanel>
      ) : null}
    </div>
  );
}

function save(context: string, personaId: number, widget: WidgetView | null, draft: WidgetDraft, kind: 'market' | 'region') {
  if (widget) void updateWidget(context, widget, draft);
  else void createWidget(context, { ...draft, persona_id: personaId, kind }).queued;
}

/** The market overlay: every market widget, each opened to rename or edit its rows, one added, one deleted. */
function MarketWidgetsEditor({ context, personaId, widgets }: { context: string; personaId: number; widgets: readonly WidgetView[] }) {
  const [open, setOpen] = useState<string | 'new' | null>(null);
  const atLimit = widgets.length >= EXPLORE_LIMITS.widgets;
  return (
    <div className="market-editor">
      <ul className="market-editor__list">
        {widgets.map((w) => (
          <li key={w.id}>
            {open === String(w.id) ? (
              <WidgetEditor
                widget={w}
                needsTab
                onSave={(draft) => {
                  save(context, personaId, w, draft, 'market');
                  setOpen(null);
                }}
                onDelete={() => {
                  void deleteWidget(context, w);
                  setOpen(null);
                }}
                onCancel={() => setOpen(null)}
              />
            ) : (
              <button type="button" className="market-editor__item" onClick={() => setOpen(String(w.id))}>
                <span>{w.name}</span> <span className="market-editor__tab">{w.tab}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {open === 'new' ? (
        <WidgetEditor
          widget={null}
          needsTab
          onSave={(draft) => {
            save(context, personaId, null, draft, 'market');
            setOpen(null);
          }}
          onCancel={() => setOpen(null)}
        />
      ) : (
        <button type="button" className="button button--secondary" disabled={atLimit} onClick={() => setOpen('new')}>Add widget</button>
      )}
    </div>
  );
}
