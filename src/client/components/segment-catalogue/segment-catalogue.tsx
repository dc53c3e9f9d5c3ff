import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { segmentCatalogueQueryOptions } from '../../lib/segment-catalogue-queries';
import { buildTree, filterCatalogue, highlight, regionCount, vendorsOf, type CatalogueNode, type CatalogueSegment } from './catalogue-tree';

/** Search results shown at most; a narrower search shows the rest. */
const RESULTS_MAX = 100;
export const ZERO_COUNT_TEXT = 'No people in this region have this segment.';
const OFFLINE_TEXT = 'The segment catalogue can be loaded when the network is back.';

interface Props {
  context: string;
  region: string;
  /** Segments already chosen: shown as such, not offered again. */
  chosen: ReadonlySet<number>;
  onPick(segment: CatalogueSegment): void;
  /** Shown above the search (the builder's "Add to" choice). */
  children?: ReactNode;
}

/**
 * The region's segment catalogue (issue 15): a tree by path parts, a search across name and path
 * with the matches marked, vendor and vendor-type filters, each segment with its people in the
 * region and a mark when it has none. Deleted segments are never offered.
 */
export function SegmentCatalogue({ context, region, chosen, onPick, children }: Props) {
  const id = useId();
  const catalogue = useQuery(segmentCatalogueQueryOptions(context, region));
  const [q, setQ] = useState('');
  const [vendor, setVendor] = useState<string | null>(null);
  const [vendorType, setVendorType] = useState<string | null>(null);
  const search = useDeferredValue(q);
  const segments = catalogue.data?.segments;
  const filters = useMemo(() => vendorsOf(segments ?? []), [segments]);
  const filtering = search.trim() !== '' || vendor !== null || vendorType !== null;
  const results = useMemo(() => (filtering ? filterCatalogue(segments ?? [], { q: search, vendor, vendorType }) : []), [filtering, segments, search, vendor, vendorType]);
  const tree = useMemo(() => buildTree(segments ?? []), [segments]);
  const row = (s: CatalogueSegment) => <SegmentOption key={s.id} segment={s} region={region} q={search} chosen={chosen.has(s.id)} onPick={onPick} />;

  return (
    <section className="segment-catalogue" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="audience-builder__section-title">Segments</h2>
      {children}
      <div className="segment-catalogue__filters">
        <div className="field">
          <label htmlFor={`${id}-q`}>Search segments</label>
          <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name or path" autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-vendor`}>Vendor</label>
          <select id={`${id}-vendor`} value={vendor ?? ''} onChange={(e) => setVendor(e.target.value || null)}>
            <option value="">All vendors</option>
            {filters.vendors.map((v) => <option key={v} value={v}>{v}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>Vendor type</label>
          <select id={`${id}-type`} value={vendorType ?? ''} onChange={(e) => setVendorType(e.target.value || null)}>
            <option value="">All types</option>
            {filters.types.map((v) => <option key={v} value={v}>{v}</option>)}
          </select>
        </div>
      </div>
      {catalogue.isPending ? <p role="status">Loading</p> : null}
      {catalogue.isError && !segments ? <p role="alert" className="field__error">{OFFLINE_TEXT}</p> : null}
      {segments && catalogue.data && catalogue.data.total > segments.length ? (
        <p className="field__hint">Showing the first {segments.length.toLocaleString('en-US')} of {catalogue.data.total.toLocaleString('en-US')} segments: search to narrow them.</p>
      ) : null}
      {segments && filtering ? (
        <>
          <p role="status" className="field__hint">{results.length === 0 ? 'No segments match.' : `${results.length.toLocaleString('en-US')} segment(s) match.`}</p>
          <ul className="segment-catalogue__results" aria-label="Matching segments">{results.slice(0, RESULTS_MAX).map(row)}</ul>
        </>
      ) : null}
      {segments && !filtering ? (
        <ul className="segment-catalogue__tree" aria-label="Segment catalogue">
          {tree.children.map((node) => <Folder key={node.key} node={node} render={row} />)}
          {tree.segments.map(row)}
        </ul>
      ) : null}
    </section>
  );
}

function Folder({ node, render }: { node: CatalogueNode; render(s: CatalogueSegment): ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="segment-catalogue__folder">
      <button type="button" className="segment-catalogue__folder-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {node.label} <span className="segment-catalogue__size">({node.size})</span>
      </button>
      {open ? (
        <ul aria-label={node.label}>
          {node.children.map((child) => <Folder key={child.key} node={child} render={render} />)}
          {node.segments.map(render)}
        </ul>
      ) : null}
    </li>
  );
}

const ZeroIcon = () => (
  <svg viewBox="0 0 16 16" width="14" height="14" role="img" aria-label={ZERO_COUNT_TEXT} className="segment-catalogue__zero">
    <title>{ZERO_COUNT_TEXT}</title>
    <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <path d="M8 7v4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    <circle cx="8" cy="4.6" r="1" fill="currentColor" />
  </svg>
);

interface OptionProps {
  segment: CatalogueSegment;
  region: string;
  q: string;
  chosen: boolean;
  onPick(segment: CatalogueSegment): void;
}

function SegmentOption({ segment, region, q, chosen, onPick }: OptionProps) {
  const people = regionCount(segment, region);
  const path = segment.path_parts.join(' > ');
  return (
    <li className="segment-catalogue__segment">
      <button type="button" className="segment-catalogue__pick" disabled={chosen} aria-label={`Add ${path}`} onClick={() => onPick(segment)}>
        <span className="segment-catalogue__path">
          {highlight(q ? path : segment.name, q).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
        </span>
        <span className="segment-catalogue__meta">
          {segment.vendor_name} · {people.toLocaleString('en-US')} people{chosen ? ' · added' : ''}
        </span>
      </button>
      {people === 0 ? <ZeroIcon /> : null}
    </li>
  );
}
