import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.js';
import { refusalMessage } from './refusal-message.js';

describe('refusalMessage', () => {
  it("says the server's own words when it refused the request", () => {
    expect(refusalMessage(new ApiError(409, 'Already there.'), 'Fallback.')).toBe('Already there.');
    expect(refusalMessage(new ApiError(400, 'Not valid.'), 'Fallback.')).toBe('Not valid.');
  });

  it('says the fallback when the server failed or did not answer', () => {
    expect(refusalMessage(new ApiError(500, 'Internal.'), 'Fallback.')).toBe('Fallback.');
    expect(refusalMessage(new ApiError(503, 'Unavailable.'), 'Fallback.')).toBe('Fallback.');
    expect(refusalMessage(new TypeError('Failed to fetch'), 'Fallback.')).toBe('Fallback.');
  });
});
