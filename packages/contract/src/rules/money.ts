/** Prices are kept in minor units (cents) and shown with two decimals, en-US. */

const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function toMajorUnits(minorUnits: number): number {
  return Math.round(minorUnits) / 100;
}

/** 1999 → '19.99', 5 → '0.05', 100000 → '1,000.00'. */
export function formatPrice(minorUnits: number): string {
  return amountFormat.format(toMajorUnits(minorUnits));
}

/** 1999 → '$19.99', 100000 → '$1,000.00'. */
export function formatMoney(minorUnits: number): string {
  return moneyFormat.format(toMajorUnits(minorUnits));
}
