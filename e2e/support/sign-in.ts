// Signing in through the login form, as a person does, and landing on the role's first page.
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './constants.js';

const LANDING = { admin: /\/entity-management$/, entity: /\/manage-families$/ } as const;

export async function signIn(page: Page, role: 'admin' | 'entity', email: string, password: string) {
  await page.goto(`/login/${role}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(LANDING[role]);
}

/** The run's bootstrap admin. */
export function signInAdmin(page: Page) {
  return signIn(page, 'admin', E2E_ADMIN.email, E2E_ADMIN.password);
}
