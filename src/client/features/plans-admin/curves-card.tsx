import { useQuery } from '@tanstack/react-query';
import { CURVE_TYPE_NAMES, CURVE_TYPES } from '@shared/rules/curves';
import { formatContext, type ContextSlugs } from '@shared/rules/context';
import { CurveEditor } from './curve-editor';
import { curveTypesQueryOptions, genericCurvesQueryOptions, productCurvesQueryOptions } from './curve-queries';

interface Props {
  context: ContextSlugs;
  online: boolean;
  mayDelete: boolean;
}

/** Each source's failure in its own words (spec 2 §8: load errors are kept per source). */
function LoadFailure({ what }: { what: string }) {
  return <p role="alert" className="form-error">{`${what} could not be loaded. Please try again.`}</p>;
}

/**
 * The response curves card: the product's curves, the generic library and the curve types are
 * read, then the editor starts from them.
 */
export function CurvesCard({ context, online, mayDelete }: Props) {
  const curves = useQuery(productCurvesQueryOptions(context));
  const library = useQuery(genericCurvesQueryOptions(context));
  const types = useQuery(curveTypesQueryOptions(context));
  // Without the types the table still offers the contract's own (a failed read is said above it).
  const typeInfo = types.data ?? CURVE_TYPES;
  const typeNames = types.data ? Object.keys(types.data) : CURVE_TYPE_NAMES;
  const isTrp = (name: string) => (Object.hasOwn(typeInfo, name) ? typeInfo[name as keyof typeof typeInfo]!.trp : false);
  // The editor starts from the curves as the server has them now, not a copy kept on the device.
  const settled = curves.data !== undefined && curves.isFetchedAfterMount && !types.isPending && !library.isPending;
  return (
    <section className="plans-card" aria-labelledby="plans-curves-title">
      <h2 id="plans-curves-title">Response curves</h2>
      <p className="subtitle">The curves the Scenario Planner reads for this product: the generic library's, or your own for each media type.</p>
      {curves.isError ? <LoadFailure what="The product's curves" /> : null}
      {library.isError ? <LoadFailure what="The generic curves" /> : null}
      {types.isError ? <LoadFailure what="The curve types" /> : null}
      {!settled && !curves.isError ? <p role="status">Loading curves…</p> : null}
      {settled ? (
        <CurveEditor
          key={formatContext(context)}
          context={context}
          curves={curves.data}
          library={library.data ?? []}
          typeNames={typeNames}
          isTrp={isTrp}
          online={online}
          mayDelete={mayDelete}
        />
      ) : null}
    </section>
  );
}
