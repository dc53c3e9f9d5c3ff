import { useQuery } from '@tanstack/react-query';
import { can } from '@shared/permissions';
import { ANALYSIS_TEXT } from '@shared/rules/analysis';
import { canOpenBrandAdmin } from '@shared/rules/access';
import { AppLink } from '../../components/app-link';
import type { ProductScope } from '../../lib/guards';
import { AnalysisFrame, contextOf, useAnalysisFilters } from './analysis-frame';
import { siteVisitationQueryOptions } from './analysis-queries';
import { SiteFigures } from './site-visitation/site-figures';
import { mapperHref } from './site-visitation/site-model';

/**
 * Site Visitation (issue 32): the three site-visit groups Brand Management maps for the brand
 * (customer site visitors, customer site non-visitors, non-customer site visitors), side by side;
 * the Venn of the site's visitors and the brand's buyers; how often visitors come; who each group
 * is against the region; each group as an audience. Without a mapping the page says how to make one.
 */
export function SiteVisitationPage({ scope }: { scope: ProductScope }) {
  const context = contextOf(scope);
  const [filters, setFilters] = useAnalysisFilters(scope);
  const query = useQuery(siteVisitationQueryOptions(context, filters));
  const data = query.data;
  return (
    <AnalysisFrame title="Site Visitation" scope={scope} filters={filters} onFiltersChange={setFilters} query={query}>
      {data ? (data.mapped ? <SiteFigures data={data} context={context} /> : <NoMapping scope={scope} brandId={data.brand.id} />) : null}
    </AnalysisFrame>
  );
}

/** No mapping yet: what to do, and for those who may map, the way to Brand Management's mapper of this brand. */
function NoMapping({ scope, brandId }: { scope: ProductScope; brandId: number }) {
  const { client, region } = scope.context;
  const mayMap = canOpenBrandAdmin(scope.permissions) && can(scope.permissions, 'brands', 'update');
  return (
    <section className="analysis-section site-no-mapping">
      <p className="empty-state">{ANALYSIS_TEXT.noMapping}</p>
      <p className="analysis-section__note">{ANALYSIS_TEXT.mappingHelp}</p>
      {mayMap && region ? (
        <p>
          <AppLink className="button button--secondary" to={mapperHref(client.slug, region.slug, brandId)}>Open the segment mapper</AppLink>
        </p>
      ) : null}
    </section>
  );
}
