import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { BRAND_TEXT, inUseMessage, TOASTS, type Problems } from '@shared/rules/brands';
import { brandUseSchema, type Brand, type BrandUseView, type SiteVisitSegmentMapping } from '@shared/schemas/brands';
import { actionableReason, fieldErrors, inUseList, isUnreachable } from '../../lib/api-error';
import { refreshHierarchy } from '../../lib/hierarchy-sync';
import { errorToast, successToast } from '../../lib/ui-store';
import { BRAND_UNREACHABLE, brandKeys, deleteBrand, deleteProduct, saveBrand } from './brand-api';
import { applyBrand, draftOf, emptyProduct, isIdle, NEW_BRAND_KEY, newBrandDraft, toWrite, type BrandDraft, type ProductDraft } from './brand-draft';
import type { DeleteTarget } from './delete-dialog';

interface Options {
  client: { id: number; slug: string };
  /** The page's region id (a new product starts in it), or null under 'All'. */
  regionId: number | null;
  writesSlugs: boolean;
}

/** A failure's words: the spec's, and that nothing was lost when the network is down. */
const failure = (base: string, error: unknown) => (isUnreachable(error) ? `${base} ${BRAND_UNREACHABLE}` : base);

/**
 * The Brand Management page's editing state (spec 2 §4): a draft per brand being edited (the new
 * one under NEW_BRAND_KEY), per-brand errors, and the online-only saves and deletes.
 */
export function useBrandEditor({ client, regionId, writesSlugs }: Options) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [drafts, setDrafts] = useState<Record<string, BrandDraft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverProblems, setServerProblems] = useState<Record<string, Problems>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ target: DeleteTarget; running: boolean; uses: BrandUseView[] } | null>(null);

  const put = (draft: BrandDraft) => {
    setDrafts((d) => ({ ...d, [draft.key]: draft }));
    setServerProblems((p) => ({ ...p, [draft.key]: {} }));
  };
  const drop = (key: string) => setDrafts(({ [key]: _gone, ...rest }) => rest);
  const setError = (key: string, message: string | null) => setErrors(({ [key]: _old, ...rest }) => (message ? { ...rest, [key]: message } : rest));
  const withDraft = (key: string, brand: Brand | undefined, change: (d: BrandDraft) => BrandDraft) => {
    const current = drafts[key] ?? (brand ? draftOf(brand) : undefined);
    if (!current) return;
    const next = change(current);
    if (isIdle(next)) drop(key);
    else put(next);
  };
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: brandKeys.all(client.slug) });
    await refreshHierarchy({ queryClient, router });
  };

  const addBrand = () => {
    const draft = newBrandDraft();
    put({ ...draft, products: draft.products.map((p) => ({ ...p, regionIds: regionId === null ? [] : [regionId] })) });
    setError(NEW_BRAND_KEY, null);
  };

  const newProduct = (): ProductDraft => ({ ...emptyProduct(), regionIds: regionId === null ? [] : [regionId] });

  const transitions = (key: string, brand: Brand | undefined) => ({
    change: (draft: BrandDraft) => put(draft),
    editBrand: () => withDraft(key, brand, (d) => ({ ...d, brandOpen: true })),
    apply: () => withDraft(key, brand, applyBrand),
    cancel: () => {
      drop(key);
      setError(key, null);
    },
    addProduct: () => withDraft(key, brand, (d) => ({ ...d, products: [...d.products, newProduct()] })),
    editProduct: (productKey: string) => withDraft(key, brand, (d) => ({ ...d, products: d.products.map((p) => (p.key === productKey ? { ...p, open: true } : p)) })),
    /** A product not saved yet just leaves the draft; a saved one is deleted after confirmation. */
    deleteProduct: (product: ProductDraft) => {
      if (product.id === null) withDraft(key, brand, (d) => ({ ...d, products: d.products.filter((p) => p.key !== product.key) }));
      else setDeleting({ target: { kind: 'product', id: product.id, name: product.name, brandKey: key }, running: false, uses: [] });
    },
    deleteBrand: () => brand && setDeleting({ target: { kind: 'brand', id: brand.id, name: brand.name, brandKey: key }, running: false, uses: [] }),
  });

  const save = async (draft: BrandDraft) => {
    setSaving(draft.key);
    try {
      const saved = await saveBrand(client.slug, toWrite(draft, client.id, writesSlugs), draft.id === null || draft.version === null ? null : { id: draft.id, version: draft.version });
      await refresh();
      drop(draft.key);
      setError(draft.key, null);
      successToast(draft.id === null ? BRAND_TEXT.created(saved.name) : BRAND_TEXT.updated(saved.name), undefined, TOASTS.successMs);
    } catch (error) {
      setServerProblems((p) => ({ ...p, [draft.key]: fieldErrors(error) }));
      // A reason the admin can act on ("This brand already exists.", a newer version) is said as the server put it.
      const reason = actionableReason(error);
      setError(draft.key, reason ?? failure(BRAND_TEXT.saveFailed, error));
      errorToast(reason ?? BRAND_TEXT.saveFailed, undefined, TOASTS.saveFailureMs);
    } finally {
      setSaving(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { target } = deleting;
    setDeleting({ ...deleting, running: true });
    try {
      await (target.kind === 'brand' ? deleteBrand(client.slug, target.id) : deleteProduct(client.slug, target.id));
      await refresh();
      // The deleted product leaves the draft being edited, if any.
      setDrafts((d) => {
        const draft = d[target.brandKey];
        if (!draft || target.kind === 'brand') return Object.fromEntries(Object.entries(d).filter(([k]) => k !== target.brandKey));
        return { ...d, [target.brandKey]: { ...draft, products: draft.products.filter((p) => p.id !== target.id) } };
      });
      setError(target.brandKey, null);
      setDeleting(null);
      successToast(BRAND_TEXT.deleted(target.name), undefined, TOASTS.successMs);
    } catch (error) {
      const uses = inUseList(error, brandUseSchema);
      const base = target.kind === 'brand' ? BRAND_TEXT.deleteBrandFailed : BRAND_TEXT.deleteProductFailed;
      setError(target.brandKey, uses.length > 0 ? inUseMessage(target.name, uses) : failure(base, error));
      errorToast(BRAND_TEXT.deleteFailedToast(target.name), undefined, TOASTS.deleteFailureMs);
      // A refusal keeps the dialog open with what uses it; any other failure closes it.
      setDeleting(uses.length > 0 ? { target, running: false, uses } : null);
    }
  };

  const [mapper, setMapper] = useState<{ brandId: number; saving: boolean; error: string | null } | null>(null);
  const saveMapping = async (brand: Brand, mapping: SiteVisitSegmentMapping | null) => {
    setMapper({ brandId: brand.id, saving: true, error: null });
    try {
      const saved = await saveBrand(client.slug, { ...toWrite(draftOf(brand), client.id, false), site_visit_segment_mapping: mapping }, { id: brand.id, version: brand.version });
      await queryClient.invalidateQueries({ queryKey: brandKeys.all(client.slug) });
      setMapper(null);
      successToast(BRAND_TEXT.mappingSaved(saved.name), undefined, TOASTS.successMs);
    } catch (error) {
      const reason = actionableReason(error);
      setMapper({ brandId: brand.id, saving: false, error: reason ?? failure(BRAND_TEXT.mappingFailed, error) });
      errorToast(reason ?? BRAND_TEXT.mappingFailed, undefined, TOASTS.saveFailureMs);
    }
  };

  return {
    drafts,
    errors,
    serverProblems,
    saving,
    addBrand,
    transitions,
    save,
    deleting,
    confirmDelete,
    closeDelete: () => setDeleting(null),
    mapper,
    openMapper: (brandId: number) => setMapper({ brandId, saving: false, error: null }),
    closeMapper: () => setMapper(null),
    saveMapping,
  };
}
