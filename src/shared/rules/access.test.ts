import { describe, expect, it } from 'vitest';
import {
  AREA_RULES, FEATURES, canOpenBrandAdmin, canOpenIframedUnit, canOpenUploadPage, canToggleDataSource, checkArea,
  hasFeature, needsCustomerSegmentationCheck, tier3Redirect, UPLOAD_PAGES, type Area, type UploadPage,
} from './access';
import { allPermissions, readOnly } from './__fixtures__/hierarchy';
import type { PermissionSet } from '../permissions';

const allFlags = Object.fromEntries(FEATURES.map((f) => [f, true]));

describe('hasFeature', () => {
  it('needs the flag to be strictly true', () => {
    expect(hasFeature({ grow: true }, 'grow')).toBe(true);
    expect(hasFeature({ grow: false }, 'grow')).toBe(false);
    expect(hasFeature({}, 'grow')).toBe(false);
    expect(hasFeature(undefined, 'grow')).toBe(false);
  });
});

describe('checkArea', () => {
  const areas = Object.keys(AREA_RULES) as Area[];
  it.each(areas)('%s opens with its feature and permissions', (area) => {
    expect(checkArea(area, allFlags, allPermissions())).toEqual({ ok: true });
  });
  it.each(areas)('%s refuses without the client feature', (area) => {
    expect(checkArea(area, {}, allPermissions())).toEqual({ ok: false, reason: 'feature' });
  });
  it.each(areas)('%s refuses without permissions', (area) => {
    expect(checkArea(area, allFlags, {})).toEqual({ ok: false, reason: 'permission' });
    expect(checkArea(area, allFlags, undefined)).toEqual({ ok: false, reason: 'permission' });
  });
  it('checks the feature before the permission', () => {
    expect(checkArea('grow', { grow: false }, {})).toEqual({ ok: false, reason: 'feature' });
  });
  it('follows the matrix letters', () => {
    expect(checkArea('explore', allFlags, readOnly('explore')).ok).toBe(true);
    expect(checkArea('explore-builder', allFlags, readOnly('explore')).ok).toBe(false);
    expect(checkArea('explore-builder-edit', allFlags, { explore: { create: true, read: true, update: false, destroy: false } }).ok).toBe(false);
    const cr: PermissionSet = { journeys: { create: true, read: true, update: false, destroy: false } };
    expect(checkArea('journey', allFlags, cr).ok).toBe(true);
    expect(checkArea('journey-builder', allFlags, cr)).toEqual({ ok: false, reason: 'permission' });
    expect(checkArea('plans-admin', allFlags, readOnly('curves')).ok).toBe(false);
    expect(checkArea('motivation-builder', allFlags, { request_motivation_audiences: { create: true, read: false, update: false, destroy: false } }).ok).toBe(true);
  });
});

describe('canOpenUploadPage', () => {
  const pages = Object.keys(UPLOAD_PAGES) as UploadPage[];
  it.each(pages)('%s needs upload CRUD and its own resource', (page) => {
    expect(canOpenUploadPage(page, allPermissions())).toBe(true);
    const withoutOwn = { ...allPermissions(), [UPLOAD_PAGES[page]]: undefined };
    expect(canOpenUploadPage(page, withoutOwn)).toBe(false);
    const partialUpload = { ...allPermissions(), upload: { create: true, read: true, update: true, destroy: false } };
    expect(canOpenUploadPage(page, partialUpload)).toBe(false);
  });
  it('refuses with no permissions', () => {
    expect(canOpenUploadPage('mekkos_upload', undefined)).toBe(false);
  });
});

describe('canOpenBrandAdmin', () => {
  it('needs brands read', () => {
    expect(canOpenBrandAdmin(readOnly('brands'))).toBe(true);
    expect(canOpenBrandAdmin(readOnly('clients'))).toBe(false);
    expect(canOpenBrandAdmin(undefined)).toBe(false);
  });
});

describe('canOpenIframedUnit', () => {
  const unit = { iframed: true, client_slug: 'acme', region_ids: ['1'], status: true };
  it('opens an active iframed unit of this client and region', () => {
    expect(canOpenIframedUnit(unit, 'acme', 1)).toBe(true);
    expect(canOpenIframedUnit({ ...unit, region_ids: ['all'] }, 'acme', undefined)).toBe(true);
  });
  it('refuses a missing, non-iframed, hidden, other-client or other-region unit', () => {
    expect(canOpenIframedUnit(undefined, 'acme', 1)).toBe(false);
    expect(canOpenIframedUnit({ ...unit, iframed: false }, 'acme', 1)).toBe(false);
    expect(canOpenIframedUnit({ ...unit, status: false }, 'acme', 1)).toBe(false);
    expect(canOpenIframedUnit(unit, 'globex', 1)).toBe(false);
    expect(canOpenIframedUnit(unit, 'acme', 2)).toBe(false);
    expect(canOpenIframedUnit(unit, 'acme', undefined)).toBe(false);
  });
});

describe('tier3Redirect', () => {
  it('does nothing in the standard build', () => {
    expect(tier3Redirect('standard', 'journey', true)).toBeNull();
  });
  it('sends journey entries to explore in tier 3 when explore is open', () => {
    expect(tier3Redirect('tier3', 'journey', true)).toBe('explore');
    expect(tier3Redirect('tier3', 'journey-builder', true)).toBe('explore');
    expect(tier3Redirect('tier3', 'journey', false)).toBeNull();
    expect(tier3Redirect('tier3', 'grow', true)).toBeNull();
  });
});

describe('canToggleDataSource', () => {
  it('needs molecula_access read and more than one source', () => {
    expect(canToggleDataSource(readOnly('molecula_access'), 2)).toBe(true);
    expect(canToggleDataSource(readOnly('molecula_access'), 1)).toBe(false);
    expect(canToggleDataSource(readOnly('explore'), 2)).toBe(false);
    expect(canToggleDataSource(undefined, 2)).toBe(false);
  });
});

describe('needsCustomerSegmentationCheck', () => {
  it('runs only for nlrr or nlrr_demo clients', () => {
    expect(needsCustomerSegmentationCheck({ nlrr: true })).toBe(true);
    expect(needsCustomerSegmentationCheck({ nlrr_demo: true })).toBe(true);
    expect(needsCustomerSegmentationCheck({ nlrr: false })).toBe(false);
    expect(needsCustomerSegmentationCheck(undefined)).toBe(false);
  });
});
