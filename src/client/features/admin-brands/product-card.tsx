import { useId } from 'react';
import { BRAND_TEXT, ID_ENV_SLUG_MAX, PRODUCT_NAME_MAX, type Problems } from '@shared/rules/brands';
import { BlockableButton } from '../../components/blockable-button';
import type { ProductDraft } from './brand-draft';
import { CompanyIdField, RegionsField, TextField } from './form-fields';

interface Props {
  product: ProductDraft;
  regions: readonly { id: number; name: string }[];
  /** The id-environment slug per region: id_env_product_slugs read in a tier-3 build (spec 2 §2, §6). */
  showSlugs: boolean;
  /** This product's problems, by field ('name', 'conversant_company_id', 'region_ids'). */
  problems: Problems;
  /** Null when the product may not be opened (no update permission, or the brand's form is open). */
  onEdit: (() => void) | null;
  onChange: (product: ProductDraft) => void;
  /** Null without products destroy. */
  onDelete: (() => void) | null;
  /** The brand's only product cannot be deleted (spec 2 §5). */
  isLast: boolean;
}

/** A product card: its form when open, what it is when closed (spec 2 §4). */
export function ProductCard({ product, regions, showSlugs, problems, onEdit, onChange, onDelete, isLast }: Props) {
  const id = useId();
  const title = product.name.trim() || 'New product';
  const regionName = (regionId: number) => regions.find((r) => r.id === regionId)?.name ?? `Region ${regionId}`;
  const del = onDelete ? (
    <BlockableButton className="button button--ghost" block={isLast ? BRAND_TEXT.lastProduct : null} onClick={onDelete}>
      Delete<span className="visually-hidden"> product {title}</span>
    </BlockableButton>
  ) : null;

  if (!product.open) {
    return (
      <li className="card product-card" aria-labelledby={`${id}-title`}>
        <h4 id={`${id}-title`} className="card__title">{title}</h4>
        <dl className="product-card__facts">
          <dt>Company ID</dt><dd>{product.companyId || '—'}</dd>
          <dt>Regions</dt><dd>{product.regionIds.map(regionName).join(', ') || '—'}</dd>
          {showSlugs ? product.regionIds.map((r) => (
            <div key={r} className="product-card__slug"><dt>Product slug in {regionName(r)}</dt><dd>{product.slugs[r] || '—'}</dd></div>
          )) : null}
        </dl>
        <div className="card__actions">
          {onEdit ? <button type="button" className="button button--ghost" onClick={onEdit}>Edit<span className="visually-hidden"> product {title}</span></button> : null}
          {del}
        </div>
      </li>
    );
  }

  const set = (patch: Partial<ProductDraft>) => onChange({ ...product, ...patch });
  return (
    <li className="card product-card product-card--open" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="card__title">{title}</h4>
      <TextField label="Product name" value={product.name} maxLength={PRODUCT_NAME_MAX} error={problems.name} onChange={(name) => set({ name })} />
      <CompanyIdField label="Product company ID" value={product.companyId} error={problems.conversant_company_id} onChange={(companyId) => set({ companyId })} />
      <RegionsField regions={regions} value={product.regionIds} error={problems.region_ids} onChange={(regionIds) => set({ regionIds })} />
      {showSlugs
        ? product.regionIds.map((r) => (
            <TextField key={r} label={`Product slug in ${regionName(r)}`} value={product.slugs[r] ?? ''} maxLength={ID_ENV_SLUG_MAX} onChange={(slug) => set({ slugs: { ...product.slugs, [r]: slug } })} />
          ))
        : null}
      <div className="card__actions">{del}</div>
    </li>
  );
}
