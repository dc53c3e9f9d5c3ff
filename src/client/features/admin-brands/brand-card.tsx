import { useId, useState } from 'react';
import { BRAND_NAME_MAX, BRAND_TEXT, CATEGORY_MAX, hasProblems, type Problems } from '@shared/rules/brands';
import { anyProductOpen, applyProblems, saveProblems, type BrandDraft, type ProductDraft } from './brand-draft';
import { BlockableButton } from '../../components/blockable-button';
import { CompanyIdField, TextField } from './form-fields';
import { ProductCard } from './product-card';

/** What the user may do here (brands and products permissions, spec 2 §6). */
export interface BrandCardMay {
  updateBrand: boolean;
  destroyBrand: boolean;
  createProduct: boolean;
  updateProduct: boolean;
  destroyProduct: boolean;
}

export interface BrandCardActions {
  onChange: (draft: BrandDraft) => void;
  onEditBrand: () => void;
  onApply: () => void;
  onCancel: () => void;
  onSave: () => void;
  onAddProduct: () => void;
  onEditProduct: (key: string) => void;
  onDeleteProduct: (product: ProductDraft) => void;
  onDeleteBrand: () => void;
  onToggleProducts: () => void;
  /** Null when the mapper is not offered: an unsaved brand, or no site-visitation for the client. */
  onOpenMapper: (() => void) | null;
}

interface Props extends BrandCardActions {
  draft: BrandDraft;
  regions: readonly { id: number; name: string }[];
  showSlugs: boolean;
  may: BrandCardMay;
  expanded: boolean;
  mapperOpen: boolean;
  saving: boolean;
  /** The persistent error of the brand's list (a failed save or delete), if any. */
  error: string | null;
  /** What the server's rules said of the last save, by field path. */
  serverProblems: Problems;
}

const productProblemsAt = (problems: Problems, index: number): Problems => {
  const prefix = `products.${index}.`;
  return Object.fromEntries(Object.entries(problems).filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]));
};

/** A brand card with its product cards, open (edit) or closed (view), and every transition of spec 2 §4. */
export function BrandCard(props: Props) {
  const { draft, regions, showSlugs, may, expanded, mapperOpen, saving, error, serverProblems } = props;
  const id = useId();
  const isNew = draft.id === null;
  const productsOpen = anyProductOpen(draft);
  const editing = draft.brandOpen || productsOpen;
  const problems = { ...serverProblems, ...saveProblems(draft) };
  const toApply = applyProblems(draft);
  // A brand field's rule is said once the field is touched or Apply is tried, not on an empty new
  // form (issue 27 item 20); until then the refused Apply says why.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  const brandError = (field: string) => serverProblems[field] ?? (tried || touched.has(field) ? problems[field] : undefined);
  const maySave = !saving && !hasProblems(saveProblems(draft));
  // The products list folds only while the brand and the mapper are closed (spec 2 §4).
  const mayToggle = !editing && !mapperOpen;
  const showProducts = expanded || editing;
  const title = draft.name.trim() || 'New brand';
  const set = (patch: Partial<BrandDraft>) => props.onChange({ ...draft, ...patch });
  const setProduct = (next: ProductDraft) => props.onChange({ ...draft, products: draft.products.map((p) => (p.key === next.key ? next : p)) });

  return (
    <article className="card brand-card" aria-labelledby={`${id}-title`}>
      <header className="brand-card__header">
        <h3 id={`${id}-title`} className="card__title">{title}</h3>
        {isNew ? <span className="brand-card__badge">{BRAND_TEXT.notSaved}</span> : null}
        {!draft.brandOpen ? <span className="brand-card__meta">{draft.category || 'Other'}{draft.companyId ? ` · Company ID ${draft.companyId}` : ''}</span> : null}
      </header>

      {draft.brandOpen ? (
        <div className="brand-card__form" role="group" aria-label={`Brand ${title}`}>
          <TextField label="Brand name" value={draft.name} maxLength={BRAND_NAME_MAX} error={brandError('name')} onChange={(name) => { touch('name'); set({ name }); }} onBlur={() => touch('name')} />
          <TextField label="Category" value={draft.category} maxLength={CATEGORY_MAX} error={brandError('category')} onChange={(category) => { touch('category'); set({ category }); }} onBlur={() => touch('category')} />
          <CompanyIdField
            label="Brand company ID" value={draft.companyId} error={brandError('conversant_company_id')}
            onChange={(companyId) => { touch('conversant_company_id'); set({ companyId }); }} onBlur={() => touch('conversant_company_id')}
          />
          <div className="card__actions">
            <BlockableButton className="button button--primary" block={Object.values(toApply)[0] ?? null} onClick={props.onApply} onRefused={() => setTried(true)}>Apply</BlockableButton>
            <button type="button" className="button button--secondary" onClick={props.onCancel}>Cancel</button>
          </div>
        </div>
      ) : null}

      {error ? <p role="alert" className="field__error brand-card__error">{error}</p> : null}

      <div className="card__actions brand-card__actions">
        {!editing && may.updateBrand ? <button type="button" className="button button--ghost" onClick={props.onEditBrand}>Edit<span className="visually-hidden"> brand {title}</span></button> : null}
        {productsOpen && !draft.brandOpen && (isNew || may.updateBrand) ? <button type="button" className="button button--ghost" onClick={props.onEditBrand}>Edit brand details</button> : null}
        {!draft.brandOpen && may.createProduct && (isNew || may.updateBrand) ? <button type="button" className="button button--ghost" onClick={props.onAddProduct}>Add Product</button> : null}
        {!editing && props.onOpenMapper ? <button type="button" className="button button--ghost" onClick={props.onOpenMapper}>Site Visit Segments</button> : null}
        {!editing && may.destroyBrand && !isNew ? <button type="button" className="button button--ghost" onClick={props.onDeleteBrand}>Delete<span className="visually-hidden"> brand {title}</span></button> : null}
        {productsOpen && !draft.brandOpen ? (
          <>
            <button type="button" className="button button--primary" disabled={!maySave} onClick={props.onSave}>{saving ? 'Saving…' : 'Save'}</button>
            <button type="button" className="button button--secondary" onClick={props.onCancel}>Cancel</button>
          </>
        ) : null}
        <button type="button" className="button button--ghost brand-card__toggle" aria-expanded={showProducts} aria-controls={`${id}-products`} disabled={!mayToggle} onClick={props.onToggleProducts}>
          {showProducts ? 'Hide' : 'Show'} products ({draft.products.length})
        </button>
      </div>

      {showProducts ? (
        <ul id={`${id}-products`} className="brand-card__products" aria-label={`Products of ${title}`}>
          {draft.products.map((p, i) => (
            <ProductCard
              key={p.key}
              product={p}
              regions={regions}
              showSlugs={showSlugs}
              problems={productProblemsAt(problems, i)}
              onEdit={!draft.brandOpen && (p.id === null || may.updateProduct) ? () => props.onEditProduct(p.key) : null}
              onChange={setProduct}
              onDelete={p.id === null || may.destroyProduct ? () => props.onDeleteProduct(p) : null}
              isLast={draft.products.length <= 1}
            />
          ))}
        </ul>
      ) : null}
    </article>
  );
}
