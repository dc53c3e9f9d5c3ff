import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/schemas/error';
import { ApiRequestError } from '../api-error';
import { StillPreparingError } from './offline-preparers';
import { askAgainLater, failureReason } from './make-available';

const notReady = new ApiRequestError(503, ERROR_CODES.dataNotReady, 'acme/uk is loading.');
const busy = new ApiRequestError(429, ERROR_CODES.rateLimited, 'You have too many counts waiting. Try again in 1 s.', false, '1');
const waitedTooLong = new ApiRequestError(503, ERROR_CODES.timeLimit, 'The count took longer than 15 s.');

describe('"Make available offline" asks again when the server says "not now", not "no"', () => {
  it('asks again while the data is prepared or the count engine is busy', () => {
    for (const error of [notReady, busy, waitedTooLong]) for (const tries of [1, 5, 20]) expect(askAgainLater(error, tries)).toBe(true);
  });

  it('asks once more for a request that got no answer, then says the server could not be reached', () => {
    expect(askAgainLater(new TypeError('Failed to fetch'), 1)).toBe(true);
    expect(askAgainLater(new TypeError('Failed to fetch'), 2)).toBe(false);
  });

  it('does not ask again after a refusal, a missing thing, a server fault or a fault of the page', () => {
    const refusals = [
      new ApiRequestError(403, ERROR_CODES.forbidden, 'No.'),
      new ApiRequestError(404, ERROR_CODES.notFound, 'Gone.'),
      new ApiRequestError(500, ERROR_CODES.internal, 'Broken.'),
      new ApiRequestError(503, 'SHARD_DOWN', 'A shard is down.'),
      new TypeError("Cannot read properties of undefined (reading 'map')"),
      new Error('a bug'),
    ];
    for (const error of refusals) expect(askAgainLater(error, 1)).toBe(false);
  });

  it('says why a step failed in the user’s words, and tells a failed fetch from a fault of the page', () => {
    expect(failureReason(new StillPreparingError(90_000, notReady))).toBe('the server was still preparing this data after 90 s; try again later');
    expect(failureReason(new StillPreparingError(88_500, busy))).toBe('the server was still busy after 89 s; try again later');
    expect(failureReason(new ApiRequestError(403, ERROR_CODES.forbidden, 'No.'))).toBe('the server answered 403: No.');
    expect(failureReason(new TypeError('Failed to fetch'))).toBe('the server could not be reached');
    expect(failureReason(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe('the server could not be reached');
    expect(failureReason(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe("it failed: Cannot read properties of undefined (reading 'map')");
    expect(failureReason('?')).toBe('it failed');
  });
});
