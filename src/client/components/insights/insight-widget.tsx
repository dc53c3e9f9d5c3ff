import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatAsOf } from '@shared/rules/format';
import { GROW_TEXT, formatCount } from '@shared/rules/grow';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { insightErrorMessage, widgetQueryOptions } from '../../lib/insights-queries';
import { keptSince } from '../../lib/offline/last-good';
import { formatIndex, formatShare, rowEmphasis, rowsAgainstBase, sortRows } from './insights-model';

interface Props {
  context: string;
  /** Null is everyone (Explore's all-data persona without filters): index 100 throughout. */
  rules: AudienceRules | null;
  category: { id: number; name: string };
  /** Takes the category off the panel. */
  onRemove?: () => void;
  /** A value's row was chosen (Explore adds it to the filters); without it the rows are not buttons. */
  onValueClick?: (value: { id: number; name: string; category: string }) => void;
  /** Read against this audience in place of everyone (the analysis pages: at-risk against active buyers). */
  base?: WidgetBase;
}

/** The audience a widget's shares are read against, and its name as the column's header. */
export interface WidgetBase {
  rules: AudienceRules;
  name: string;
}

const barWidth = (share: number, max: number) => `${max > 0 ? Math.min(100, (share / max) * 100) : 0}%`;

/**
 * One index widget: the audience's share of each value of a category against everyone's, the
 * index, and whether each difference can be trusted (small samples, significance).
 */
export function InsightWidget({ context, rules, category, onRemove, onValueClick, base }: Props) {
  const id = useId();
  const [byIndex, setByIndex] = useState(true);
  const own = useQuery(widgetQueryOptions(context, rules, category.id));
  const baseWidget = useQuery({ ...widgetQueryOptions(context, base?.rules ?? null, category.id), enabled: base !== undefined });
  // With a base, the widget waits for both answers and shows the first problem of either.
  const widget = base && !own.isError && baseWidget.isError ? baseWidget : own;
  const data = own.data && (!base || baseWidget.data) ? own.data : undefined;
  const shownRows = data && base && baseWidget.data ? rowsAgainstBase(data, baseWidget.data) : (data?.rows ?? []);
  const rows = sortRows(shownRows, byIndex);
  const maxShare = rows.reduce((m, r) => Math.max(m, r.share, r.base_share), 0);
  const asOf = keptSince(own) ?? (base ? keptSince(baseWidget) : null);

  return (
    <section className="insight-widget" aria-labelledby={`${id}-title`} aria-busy={own.isPending || (base !== undefined && baseWidget.isPending)}>
      <header className="insight-widget__header">
        <h3 id={`${id}-title`} className="insight-widget__title">{category.name}</h3>
        <div className="insight-widget__actions">
          <button type="button" className="button button--ghost insight-widget__toggle" aria-pressed={byIndex} onClick={() => setByIndex((b) => !b)}>
            Sort by index
          </button>
          {onRemove ? (
            <button type="button" className="button button--ghost" aria-label={`Remove ${category.name}`} onClick={onRemove}>
              Remove
            </button>
          ) : null}
        </div>
      </header>
      {data ? (
        <>
          <p className="insight-widget__count">
            <span className="insight-widget__count-value">{formatCount(data.audience_count)}</span> people in the audience
          </p>
          <table className="insight-table">
            <caption className="visually-hidden">
              {category.name}: share of the audience and of {base ? base.name.toLowerCase() : 'everyone'}, and index, per value{byIndex ? ', highest index first' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Value</th>
                <th scope="col">Share</th>
                <th scope="col">{base ? `${base.name} share` : 'Base share'}</th>
                <th scope="col">Index</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const emphasis = rowEmphasis(row);
                const classes = ['insight-row', row.small_sample ? 'insight-row--small' : '', !row.significant ? 'insight-row--ns' : '', emphasis ? `insight-row--${emphasis}` : '']
                  .filter(Boolean)
                  .join(' ');
                return (
                  <tr key={row.value_id} className={classes} data-emphasis={emphasis ?? undefined}>
                    <th scope="row" className="insight-row__name">
                      {onValueClick ? (
                        <button
                          type="button"
                          className="insight-row__filter"
                          aria-label={`Filter by ${category.name}: ${row.name}`}
                          title={`Filter by ${category.name}: ${row.name}`}
                          onClick={() => onValueClick({ id: row.value_id, name: row.name, category: category.name })}
                        >
                          {row.name}
                        </button>
                      ) : (
                        <span>{row.name}</span>
                      )}
                      {row.small_sample ? <span className="insight-badge insight-badge--small">Small sample</span> : null}
                      {!row.significant ? <span className="insight-badge insight-badge--ns">Not significant</span> : null}
                    </th>
                    <td className="insight-row__share">
                      <span className="insight-row__value">{formatShare(row.share)}</span>
                      <span className="insight-bar" aria-hidden="true"><span className="insight-bar__fill" style={{ width: barWidth(row.share, maxShare) }} /></span>
                    </td>
                    <td className="insight-row__base">
                      <span className="insight-row__value">{formatShare(row.base_share)}</span>
                      <span className="insight-bar insight-bar--base" aria-hidden="true"><span className="insight-bar__fill" style={{ width: barWidth(row.base_share, maxShare) }} /></span>
                    </td>
                    <td className="insight-row__index">
                      {emphasis ? (
                        <strong title={emphasis === 'high' ? 'Significantly over-indexed' : 'Significantly under-indexed'}>{formatIndex(row.index)}</strong>
                      ) : (
                        formatIndex(row.index)
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {widget.isError ? <p className="insight-note">{insightErrorMessage(widget.error)}</p> : null}
          {asOf !== null ? <p className="insight-note" role="status">Offline · as of {formatAsOf(asOf)}</p> : null}
        </>
      ) : widget.isError ? (
        <p role="alert" className="insight-error">{insightErrorMessage(widget.error)}</p>
      ) : (
        <p role="status" className="insight-loading">{GROW_TEXT.loading}</p>
      )}
    </section>
  );
}
