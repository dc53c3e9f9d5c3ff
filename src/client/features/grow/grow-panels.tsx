import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { GROW_TEXT } from '@shared/rules/grow';
import { AudienceFormPanel } from './audience-form-panel';
import type { MekkoView, SummaryView } from './chart-edits';
import { ChartFormPanel } from './chart-form-panel';
import { DiscussionClusterPanel } from './discussion-cluster-panel';
import { ActionAlert } from '../../components/action-alert';
import { verticalsQueryOptions } from './grow-queries';
import { growState } from './grow-store';
import { MarketFormPanel } from './market-form-panel';
import type { ChartActions } from './use-chart-actions';

interface Props {
  context: string;
  region: string;
  chart: MekkoView | undefined;
  charts: readonly SummaryView[];
  current: SummaryView | undefined;
  may: { create: boolean; update: boolean; destroy: boolean };
  tvAllowed: boolean;
  actions: ChartActions;
  /** The bulk discussions uploader, for who may open it (spec 3 §2.2); null otherwise. */
  discussionsHref: string | null;
}

const close = () => (growState.panel = null);
const closeDialog = () => (growState.dialog = null);

/** The slide-in forms (chart 550, market 450, audience 650, discussion cluster 650) and the delete confirmations of spec 3 §8. */
export function GrowPanels({ context, region, chart, charts, current, may, tvAllowed, actions, discussionsHref }: Props) {
  const snap = useSnapshot(growState);
  const panel = snap.panel;
  const dialog = snap.dialog;
  const verticals = useQuery({ ...verticalsQueryOptions(context), enabled: panel?.kind === 'chart' && panel.mode === 'create' });
  const marketOf = (id: number | string | null) => chart?.markets.find((m) => m.id === id) ?? null;
  const audienceOf = (id: number | string | null) => chart?.markets.flatMap((m) => m.sub_markets).find((a) => a.id === id) ?? null;
  const marketToDelete = dialog?.kind === 'delete-market' ? marketOf(dialog.marketId) : null;
  const audienceToDelete = dialog?.kind === 'delete-audience' ? audienceOf(dialog.audienceId) : null;
  // A confirmed delete closes the confirmation and the form it came from.
  const deleteItem = (work: () => void) => {
    closeDialog();
    close();
    work();
  };

  return (
    <>
      {panel?.kind === 'chart' ? (
        <ChartFormPanel
          chart={panel.mode === 'edit' ? (current ?? null) : null}
          others={charts}
          verticals={verticals.data ?? []}
          tvAllowed={tvAllowed}
          onSave={(body) => actions.saveChart(body, panel.mode)}
          onClose={close}
        />
      ) : null}
      {panel?.kind === 'market' && chart ? (
        <MarketFormPanel
          market={marketOf(panel.marketId)}
          others={chart.markets}
          mayDelete={may.destroy}
          onSave={(name) => {
            const market = marketOf(panel.marketId);
            close();
            if (market) actions.renameMarket(market, name);
            else actions.addMarket(name);
          }}
          onDelete={() => (growState.dialog = { kind: 'delete-market', marketId: panel.marketId ?? '' })}
          onClose={close}
        />
      ) : null}
      {panel?.kind === 'audience' && chart && marketOf(panel.marketId) ? (
        <AudienceFormPanel
          audience={audienceOf(panel.audienceId)}
          market={marketOf(panel.marketId)!}
          markets={chart.markets}
          segments={chart.segments}
          context={context}
          region={region}
          discussionsHref={discussionsHref}
          nameLocked={chart.vertical_type !== null}
          mayDelete={may.destroy}
          onSave={(fields) => {
            const audience = audienceOf(panel.audienceId);
            const market = marketOf(panel.marketId)!;
            close();
            if (audience) actions.updateAudience(audience, fields);
            else actions.addAudience(market, fields);
          }}
          onDelete={() => (growState.dialog = { kind: 'delete-audience', audienceId: panel.audienceId ?? '' })}
          onClose={close}
        />
      ) : null}
      {panel?.kind === 'discussion' && discussionsHref ? (
        <DiscussionClusterPanel context={context} nodeId={panel.nodeId} bulkHref={discussionsHref} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete-chart' && current ? (
        <ActionAlert title={`Delete ${current.name}?`} message={GROW_TEXT.confirmChartDelete} confirm={{ label: 'Delete chart', onConfirm: actions.remove }} onClose={closeDialog} />
      ) : null}
      {marketToDelete ? (
        <ActionAlert
          title={`Delete market ${marketToDelete.name}?`}
          message={GROW_TEXT.confirmMarketDelete}
          confirm={{ label: 'Delete market', onConfirm: () => deleteItem(() => actions.deleteMarket(marketToDelete)) }}
          onClose={closeDialog}
        />
      ) : null}
      {audienceToDelete ? (
        <ActionAlert
          title={`Delete audience ${audienceToDelete.name}?`}
          message={audienceToDelete.in_prediction_model ? GROW_TEXT.confirmModelDelete : 'The audience is removed from this chart.'}
          confirm={{ label: 'Delete audience', onConfirm: () => deleteItem(() => actions.deleteAudience(audienceToDelete)) }}
          onClose={closeDialog}
        />
      ) : null}
    </>
  );
}
