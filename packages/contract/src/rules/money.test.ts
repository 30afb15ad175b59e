import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice } from './money.js';

describe('formatPrice', () => {
  it('shows minor units with two decimals', () => {
    expect(formatPrice(1999)).toBe('19.99');
    expect(formatPrice(5)).toBe('0.05');
    expect(formatPrice(0)).toBe('0.00');
    expect(formatPrice(2000)).toBe('20.00');
  });

  it('separates thousands', () => {
    expect(formatPrice(100000)).toBe('1,000.00');
    expect(formatPrice(123456789)).toBe('1,234,567.89');
  });

  it('rounds a fractional amount to whole minor units', () => {
    expect(formatPrice(1999.4)).toBe('19.99');
  });
});

describe('formatMoney', () => {
  it('adds the dollar sign', () => {
    expect(formatMoney(1999)).toBe('$19.99');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(100000)).toBe('$1,000.00');
  });
});
