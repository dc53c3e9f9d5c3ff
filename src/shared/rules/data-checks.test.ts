import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataAvailabilityBodySchema, type DataStatus } from '../schemas/data-status';
import {
  availabilityFrom,
  dataCheckBody,
  dataCheckRequests,
  dataChecksFor,
  dataNotice,
  keepPollingStatus,
} from './data-checks';
import { NO_DATA } from './navigation';

const FIRST_PARTY = { vendor_name: 'Adventure Works First Party', vendor_type: 'first_party' };
const PANEL = { vendor_name: 'Fabrikam Panels', vendor_type: 'panel' };
const MODELED = { vendor_name: 'Tailspin Modeled', vendor_type: 'modeled' };

function status(extra: Partial<DataStatus> = {}): DataStatus {
  return { client: 'acme', region: 'us', state: 'ready', progress: 1, people: 1000, ...extra };
}

describe('dataChecksFor', () => {
  it('runs the buyer and site visitation checks for every client', () => {
    expect(dataChecksFor({})).toEqual(['bestCustomer', 'customerAttrition', 'siteVisitation']);
  });
  it('runs the customer-segmentation check only with nlrr or nlrr_demo strictly true', () => {
    expect(dataChecksFor({ nlrr: true })).toContain('customerSegmentation');
    expect(dataChecksFor({ nlrr_demo: true })).toContain('customerSegmentation');
    expect(dataChecksFor({ nlrr: false, nlrr_demo: false, path_to_purchase: true })).not.toContain('customerSegmentation');
  });
});

describe('dataCheckBody', () => {
  it('asks for the check’s vendor data for the brand, for create_audience_single', () => {
    expect(dataCheckBody('bestCustomer', 12)).toEqual({ parent_id: 12, vendors: [FIRST_PARTY], use_cases: ['create_audience_single'] });
    expect(dataCheckBody('customerAttrition', 12).vendors).toEqual([FIRST_PARTY]);
    expect(dataCheckBody('siteVisitation', 12).vendors).toEqual([PANEL]);
    expect(dataCheckBody('customerSegmentation', 12).vendors).toEqual([MODELED]);
  });
  it('is a body the server accepts', () => {
    expect(z.safeParse(dataAvailabilityBodySchema, dataCheckBody('siteVisitation', 3)).success).toBe(true);
  });
});

describe('dataCheckRequests', () => {
  it('asks each distinct question once, naming the checks it answers', () => {
    const requests = dataCheckRequests({}, 7);
    expect(requests.map((r) => r.checks)).toEqual([['bestCustomer', 'customerAttrition'], ['siteVisitation']]);
    expect(requests.map((r) => r.body.vendors)).toEqual([[FIRST_PARTY], [PANEL]]);
    expect(requests.every((r) => r.body.parent_id === 7)).toBe(true);
  });
  it('adds the modeled-data question with nlrr', () => {
    expect(dataCheckRequests({ nlrr: true }, 7).map((r) => r.checks)).toEqual([
      ['bestCustomer', 'customerAttrition'], ['siteVisitation'], ['customerSegmentation'],
    ]);
  });
});

describe('availabilityFrom', () => {
  it('is available where the answer is a non-empty list', () => {
    expect(availabilityFrom({ bestCustomer: [{}], customerAttrition: [{}], siteVisitation: [], customerSegmentation: [{}] })).toEqual({
      bestCustomer: true, customerAttrition: true, siteVisitation: false, customerSegmentation: true,
    });
  });
  it('counts a failed or missing check as unavailable', () => {
    expect(availabilityFrom({ bestCustomer: null, siteVisitation: [{}] })).toEqual({ ...NO_DATA, siteVisitation: true });
    expect(availabilityFrom({})).toEqual(NO_DATA);
  });
});

describe('keepPollingStatus', () => {
  it('polls while any region of the client is generating or loading', () => {
    expect(keepPollingStatus([status(), status({ region: 'uk', state: 'generating', progress: 0.2 })], 'acme')).toBe(true);
    expect(keepPollingStatus([status({ state: 'loading', progress: 0.5 })], 'acme')).toBe(true);
  });
  it('stops when every region is ready, absent or failed, whatever other clients do', () => {
    const statuses = [status(), status({ region: 'uk', state: 'absent' }), status({ region: 'au', state: 'failed' })];
    expect(keepPollingStatus(statuses, 'acme')).toBe(false);
    expect(keepPollingStatus([...statuses, status({ client: 'globex', state: 'generating' })], 'acme')).toBe(false);
    expect(keepPollingStatus([], 'acme')).toBe(false);
  });
});

describe('dataNotice', () => {
  it('says how far the current region is while it is prepared', () => {
    expect(dataNotice([status({ state: 'generating', progress: 0.426 })], 'acme', 'us')).toEqual({ kind: 'generating', where: 'acme/us', percent: 42 });
    // Waiting its turn behind other regions is being prepared too.
    expect(dataNotice([status({ state: 'queued', progress: 0 })], 'acme', 'us')).toEqual({ kind: 'generating', where: 'acme/us', percent: 0 });
    expect(keepPollingStatus([status({ state: 'queued' })], 'acme')).toBe(true);
    expect(dataNotice([status({ state: 'loading', progress: 1.2 })], 'acme', 'us')).toEqual({ kind: 'loading', where: 'acme/us', percent: 100 });
  });
  it('says when the current region failed', () => {
    expect(dataNotice([status({ state: 'failed', progress: 0 })], 'acme', 'us')).toEqual({ kind: 'failed', where: 'acme/us' });
  });
  it('says nothing when the region is ready or absent, another region is busy, or no region is in context', () => {
    expect(dataNotice([status()], 'acme', 'us')).toBeNull();
    expect(dataNotice([status({ state: 'absent', progress: 0 })], 'acme', 'us')).toBeNull();
    expect(dataNotice([status(), status({ region: 'uk', state: 'generating' })], 'acme', 'us')).toBeNull();
    expect(dataNotice([status({ state: 'generating' })], 'acme', undefined)).toBeNull();
    expect(dataNotice([status({ client: 'globex', state: 'generating' })], 'acme', 'us')).toBeNull();
  });
});
