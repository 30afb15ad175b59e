// Signing in through the login form, as a person does: by default until the role's first page shows.
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './constants.js';

const LANDING = { admin: /\/entity-management$/, entity: /\/manage-families$/ } as const;

export interface SignInOptions {
  /** Another server than the run's shared one. */
  origin?: string;
  /** 'Remember me' (on by default, as the form has it). */
  remember?: boolean;
  /** Wait for the role's first page (the default), or only submit the form (a refusal is expected). */
  land?: boolean;
}

export async function signIn(
  page: Page,
  role: 'admin' | 'entity',
  email: string,
  password: string,
  { origin = '', remember = true, land = true }: SignInOptions = {},
) {
  await page.goto(`${origin}/login/${role}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  if (!remember) await page.getByRole('checkbox', { name: 'Remember me' }).uncheck();
  await page.getByRole('button', { name: 'Log in' }).click();
  if (land) await expect(page).toHaveURL(LANDING[role]);
}

/** The run's bootstrap admin. */
export function signInAdmin(page: Page) {
  return signIn(page, 'admin', E2E_ADMIN.email, E2E_ADMIN.password);
}
