import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ApiRequestError, actionableReason, fieldErrors, inUseList, writeFailureMessage } from './api-error';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('an API error and its details', () => {
  it("keeps a 422's field messages", async () => {
    const error = await ApiRequestError.fromResponse(answer(422, { error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: { fields: { name: 'Brand name is required.' } } } }));
    expect(fieldErrors(error)).toEqual({ name: 'Brand name is required.' });
    expect(inUseList(error, z.object({ name: z.string() }))).toEqual([]);
  });

  it('reads what uses a thing from a 409 IN_USE only', async () => {
    const uses = [{ kind: 'chart', id: 1, name: 'Sales' }];
    const refused = await ApiRequestError.fromResponse(answer(409, { error: { code: 'IN_USE', message: 'Used', details: { uses } } }));
    expect(inUseList(refused, z.object({ kind: z.string(), id: z.int(), name: z.string() }))).toEqual(uses);
    const stale = await ApiRequestError.fromResponse(answer(409, { error: { code: 'VERSION_CONFLICT', message: 'Stale', details: { uses } } }));
    expect(inUseList(stale, z.object({ name: z.string() }))).toEqual([]);
    expect(fieldErrors(refused)).toEqual({});
  });

  it("says the server's words, or the area's words when no server answered", () => {
    expect(writeFailureMessage(new ApiRequestError(409, 'IN_USE', 'Still used.'), 'Offline.')).toBe('Still used.');
    expect(writeFailureMessage(new TypeError('Failed to fetch'), 'Offline.')).toBe('Offline.');
  });

  it("gives the server's reason only where the user can act on it (issue 27 item 9)", () => {
    expect(actionableReason(new ApiRequestError(422, 'VALIDATION_FAILED', 'This brand already exists.'))).toBe('This brand already exists.');
    expect(actionableReason(new ApiRequestError(409, 'VERSION_CONFLICT', 'Someone changed it.'))).toBe('Someone changed it.');
    expect(actionableReason(new ApiRequestError(500, 'INTERNAL_ERROR', 'Boom'))).toBeNull();
    expect(actionableReason(new ApiRequestError(403, 'FORBIDDEN', 'No.'))).toBeNull();
    expect(actionableReason(new TypeError('Failed to fetch'))).toBeNull();
  });
});
