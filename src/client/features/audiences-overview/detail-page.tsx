import './audiences.css';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { defaultStringifySearch, useRouter } from '@tanstack/react-router';
import { can } from '@shared/permissions';
import { checkArea } from '@shared/rules/access';
import { AUDIENCE_KIND_LABELS, AUDIENCES_TEXT } from '@shared/rules/audience-kinds';
import { formatShortDate } from '@shared/rules/format';
import { formatCount } from '@shared/rules/grow';
import type { AudienceDetail, AudienceUse } from '@shared/schemas/audiences';
import { AppLink } from '../../components/app-link';
import { AudienceBuildNote, AUDIENCE_STATUS_LABELS } from '../../components/audience-build-note';
import { PersonLevel } from '../../components/insights/person-level';
import { PageHeader } from '../../components/page-header';
import { describeRules } from '../../lib/audience-rules-text';
import type { ProductScope } from '../../lib/guards';
import { isApiError } from '../../lib/api-error';
import { openIndexReportForm } from '../../lib/index-report-form-store';
import { categoriesQueryOptions, insightErrorMessage } from '../../lib/insights-queries';
import { isUnreachable } from '../../lib/offline/read-through';
import { errorToast, successToast } from '../../lib/ui-store';
import { copyAudience } from './audience-commands';
import { AudienceDetailsDialog } from './audience-details-dialog';
import { audienceQueryOptions, isBuilding } from './audiences-queries';
import { DeleteAudienceDialog } from './delete-audience-dialog';
import { qualityText, reachText } from './audience-text';
import { audienceHref } from './lineage';
import { LookalikeDialog } from './lookalike-dialog';
import { PeopleCount } from './people-count';
import { ShareDialog } from './share-dialog';

interface Props {
  scope: ProductScope;
  context: string;
  id: number;
}

const STATUS_LABELS = AUDIENCE_STATUS_LABELS;
const USE_LABELS: Record<AudienceUse['kind'], string> = { chart: 'Grow chart', journey: 'Journey', activation: 'Activation', persona: 'Persona', comparison: 'Overlap comparison' };
/** Audiences > Overview > one audience (issue 16): what it is, its rule, counts, insights, uses and actions. */
export function AudienceDetailPage({ scope, context, id }: Props) {
  const detail = useQuery(audienceQueryOptions(context, id));
  const audience = detail.data;
  if (!audience) {
    return (
      <div className="page audience-detail">
        <PageHeader title="Audience" />
        {detail.isError ? (
          <div role="alert" className="insight-error">
            <p>{notShownReason(detail.error)}</p>
            <AppLink to={`/${scope.productPath}/audiences/overview`}>Back to Audiences</AppLink>
          </div>
        ) : <p role="status">Loading…</p>}
      </div>
    );
  }
  return <AudienceView key={audience.id} scope={scope} context={context} audience={audience} />;
}

/** Why an audience's page has nothing to show. */
function notShownReason(error: unknown): string {
  if (isApiError(error) && error.status === 404) return 'This audience does not exist or was deleted.';
  if (isUnreachable(error)) return 'The server could not be reached, and this audience has not been kept on this device. It shows once the network is back.';
  return insightErrorMessage(error);
}

type Open = null | 'details' | 'lookalike' | 'share' | 'delete';

function AudienceView({ scope, context, audience }: { scope: ProductScope; context: string; audience: AudienceDetail }) {
  const router = useRouter();
  const { productPath, permissions } = scope;
  const [open, setOpen] = useState<Open>(null);
  const [copying, setCopying] = useState(false);
  const categories = useQuery(categoriesQueryOptions(context));
  const labels = useMemo(() => Object.fromEntries(audience.segments.map((s) => [String(s.id), `${s.path_parts.join(' > ') || s.name}${s.deleted ? ' (deleted)' : ''}`])), [audience.segments]);
  const valueLabels = useMemo(() => {
    const out: Record<string, string> = {};
    for (const c of categories.data ?? []) for (const v of c.values) out[String(v.id)] = `${c.name}: ${v.name}`;
    return out;
  }, [categories.data]);
  const described = audience.rules ? describeRules(audience.rules, labels, valueLabels) : null;
  const building = isBuilding(audience.status);
  const ready = audience.status === 'ready';
  const writable = !audience.read_only;
  const isModelled = audience.kind === 'lookalike' || audience.kind === 'pve';
  const may = {
    // A lookalike's people are its model's (only its name changes): the builder edits rules of segments.
    edit: writable && ready && audience.kind === 'audience' && can(permissions, 'audiences', 'update'),
    copy: writable && ready && can(permissions, 'audiences', 'create'),
    lookalike: ready && can(permissions, 'audiences', 'create') && audience.people_count !== null,
    activate: ready && checkArea('ams', scope.context.client.feature_flags, permissions).ok,
    share: writable && ready && can(permissions, 'audiences', 'create'),
    indexReport: ready && audience.rules !== null && can(permissions, 'index_report', 'create') && !scope.context.client.lite,
    // A shared audience may be removed from this client (the one that shared it keeps it).
    delete: can(permissions, 'audiences', 'destroy'),
  };
  const self = audienceHref(productPath, audience);
  const seed = isModelled && audience.lineage.length > 1 ? audience.lineage[audience.lineage.length - 2] : null;

  const edit = () => {
    const search = {
      action: 'create',
      referer: 'Audiences',
      returnUrl: self.slice(productPath.length + 2),
      ...(audience.rules ? { rules: JSON.stringify(audience.rules) } : {}),
      ...(Object.keys(labels).length > 0 ? { labels: JSON.stringify(labels) } : {}),
      name: audience.name,
      audienceId: audience.id,
      audienceVersion: audience.version,
    };
    void router.navigate({ href: `/${productPath}/audiences/builder${defaultStringifySearch(search)}` });
  };
  const copy = () => {
    setCopying(true);
    copyAudience(context, audience).then(
      (made) => {
        setCopying(false);
        successToast(`Copied as '${made.name}'.`);
        void router.navigate({ href: audienceHref(productPath, made) });
      },
      (error: unknown) => {
        setCopying(false);
        errorToast(isApiError(error) ? error.message : 'The audience could not be copied.');
      },
    );
  };
  const indexReport = () => {
    if (!audience.rules) return;
    openIndexReportForm({ context, audience: { name: audience.name, rules: audience.rules, labels }, bases: [], tab: 'person_level', origin: `Audiences: ${audience.name}` });
  };

  return (
    <div className="page audience-detail">
      <PageHeader title={audience.name}>
        <button type="button" className="button button--ghost" onClick={() => setOpen('details')}>Audience details</button>
      </PageHeader>
      <nav aria-label="Audience lineage" className="audience-lineage">
        <AppLink to={`/${productPath}/audiences/overview`}>Audiences</AppLink>
        {audience.lineage.length > 1 ? (
          <>
            {' › '}
            <button type="button" className="link-button" onClick={() => setOpen('details')}>
              Made from {audience.lineage.length - 1} {audience.lineage.length === 2 ? 'audience' : 'audiences'}
            </button>
          </>
        ) : null}
      </nav>
      <dl className="audience-facts">
        <div><dt>Type</dt><dd>{AUDIENCE_KIND_LABELS[audience.kind]}</dd></div>
        <div><dt>Status</dt><dd data-testid="audience-status">{STATUS_LABELS[audience.status]}</dd></div>
        <div><dt>People</dt><dd data-testid="audience-people"><PeopleCount audience={audience} /></dd></div>
        <div><dt>Created</dt><dd>{formatShortDate(audience.created_at)}{audience.created_by ? ` by ${audience.created_by.name}` : ''}</dd></div>
        {audience.shared_from ? <div><dt>Shared from</dt><dd>{audience.shared_from}</dd></div> : null}
      </dl>
      {audience.read_only ? <p className="audience-note" role="note">{AUDIENCES_TEXT.readOnly}</p> : null}
      {audience.description ? <p className="audience-description">{audience.description}</p> : null}

      <div className="audience-actions" role="toolbar" aria-label="Audience actions">
        {may.edit ? <button type="button" className="button button--secondary" onClick={edit}>Edit</button> : null}
        {may.copy ? <button type="button" className="button button--secondary" disabled={copying} aria-busy={copying} onClick={copy}>Copy</button> : null}
        {may.lookalike ? <button type="button" className="button button--secondary" onClick={() => setOpen('lookalike')}>Create Lookalike</button> : null}
        {may.activate ? <AppLink className="button button--secondary" to={`/${productPath}/audiences/activations`}>Activate</AppLink> : null}
        {may.share ? <button type="button" className="button button--secondary" onClick={() => setOpen('share')}>Share</button> : null}
        {may.indexReport ? <button type="button" className="button button--secondary" onClick={indexReport}>Create Index Report</button> : null}
        {may.delete ? <button type="button" className="button button--danger" onClick={() => setOpen('delete')}>Delete</button> : null}
      </div>

      {building ? <AudienceBuildNote context={context} audience={audience} /> : null}
      {audience.status === 'failed' ? <p role="alert" className="insight-error">{audience.error ?? AUDIENCES_TEXT.lookalikeFailed}</p> : null}

      {isModelled ? (
        <section className="audience-section" aria-labelledby="lookalike-model">
          <h2 id="lookalike-model">Lookalike model</h2>
          <dl className="audience-facts">
            <div>
              <dt>Seed</dt>
              <dd>
                {seed ? (seed.deleted || seed.id === null ? <>{seed.name} <span className="audience-tag">{AUDIENCES_TEXT.seedDeleted}</span></> : <AppLink to={audienceHref(productPath, { id: seed.id, kind: seed.kind })}>{seed.name}</AppLink>) : audience.kind === 'pve' ? 'The product category’s buyers' : 'Not recorded'}
              </dd>
            </div>
            {audience.reach ? <div><dt>Reach</dt><dd>{reachText(audience.reach)}</dd></div> : null}
          </dl>
          {audience.quality ? <p className="audience-quality" data-testid="lookalike-quality">{qualityText(audience.quality)}</p> : building ? <p className="audience-note">The model’s quality is measured as it is built.</p> : null}
        </section>
      ) : null}

      <section className="audience-section" aria-labelledby="audience-rule">
        <h2 id="audience-rule">Rule</h2>
        {described && described.groups.length > 0 ? (
          <>
            <ol className="audience-groups" aria-label="Rule groups">
              {described.groups.map((g, i) => <li key={i}>{i > 0 ? <span className="rules-text__and">and </span> : null}{g}</li>)}
              {described.exclude ? <li className="rules-text__exclude">{described.exclude}</li> : null}
            </ol>
          </>
        ) : <p className="audience-note">{building ? AUDIENCES_TEXT.building : 'No rule.'}</p>}
      </section>

      <section className="audience-section" aria-labelledby="audience-regions">
        <h2 id="audience-regions">People per region</h2>
        {audience.region_counts.length === 0 ? <p className="audience-note">No counts yet.</p> : (
          <table className="data-table">
            <thead><tr><th scope="col">Region</th><th scope="col">People</th></tr></thead>
            <tbody>
              {audience.region_counts.map((r) => (
                <tr key={r.region}>
                  <td>{r.name}</td>
                  <td>{r.people_count !== null ? formatCount(r.people_count) : '-'}{r.note ? <span className="audience-note"> {r.note}</span> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="audience-section" aria-labelledby="audience-used-by">
        <h2 id="audience-used-by">Used by</h2>
        {audience.used_by.length === 0 ? <p className="audience-note">Not used by any chart, journey, activation, persona or comparison.</p> : (
          <ul className="audience-uses">
            {audience.used_by.map((u) => (
              <li key={`${u.kind}:${u.id}`}>{USE_LABELS[u.kind]}: {u.name}{u.user ? ` (${u.user})` : ''}</li>
            ))}
          </ul>
        )}
      </section>

      {ready && audience.rules ? (
        <section className="audience-section" aria-labelledby="audience-insights">
          <h2 id="audience-insights">Insights</h2>
          <PersonLevel area="explore" context={context} rules={audience.rules} countType="people_count" tv={null} />
        </section>
      ) : null}

      {open === 'details' ? <AudienceDetailsDialog name={audience.name} lineage={audience.lineage} productPath={productPath} onClose={() => setOpen(null)} /> : null}
      {open === 'lookalike' ? (
        <LookalikeDialog
          context={context} seed={audience} onClose={() => setOpen(null)}
          onCreated={(made) => {
            setOpen(null);
            successToast(`Building lookalike '${made.name}'.`, 'It appears in the notification centre when it is ready.');
            void router.navigate({ href: audienceHref(productPath, made) });
          }}
        />
      ) : null}
      {open === 'share' ? <ShareDialog context={context} audience={audience} onClose={() => setOpen(null)} /> : null}
      {open === 'delete' ? (
        <DeleteAudienceDialog
          context={context} audience={audience} onClose={() => setOpen(null)}
          onDeleted={() => void router.navigate({ href: `/${productPath}/audiences/overview` })}
        />
      ) : null}
    </div>
  );
}
