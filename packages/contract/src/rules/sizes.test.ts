import { describe, expect, it } from 'vitest';
import { formatByteSize } from './sizes.js';

describe('formatByteSize', () => {
  it('says bytes, then KB and MB with one decimal', () => {
    expect(formatByteSize(812)).toBe('812 B');
    expect(formatByteSize(48_213)).toBe('47.1 KB');
    expect(formatByteSize(1_048_576)).toBe('1.0 MB');
    expect(formatByteSize(9_751_000)).toBe('9.3 MB');
  });
});
