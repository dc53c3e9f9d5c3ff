import { expect, type Page } from '@playwright/test';
import { CONTEXT, PRODUCT } from './grow-helpers';

/** A persona as the API lists it: what the persona tests check after a save. */
export interface PersonaRow { id: number; name: string; identifiers: { include: { and: number[][] }; exclude: number[] } | null }

/** The demo product's persona of that name, from the API (null when there is none). */
export async function personaNamed(page: Page, name: string): Promise<PersonaRow | null> {
  const res = await page.request.get('/api/personas', { headers: { 'x-context': CONTEXT } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: PersonaRow[] }).data.find((p) => p.name === name) ?? null;
}

/** Explore -> New: the persona builder with Gaming in its first group; returns its form. */
export async function newPersonaWithGaming(page: Page) {
  const search = new URLSearchParams({ action: 'create', referer: 'Explore', returnUrl: 'insights/explore' });
  await page.goto(`${PRODUCT}/insights/explore/builder?${search.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Save Persona' })).toBeVisible();
  await page.getByLabel('Search segments').fill('Gaming');
  await page.getByRole('list', { name: 'Matching segments' }).getByRole('button', { name: /^Add Interests > Entertainment > Gaming$/ }).first().click();
  await expect(page.getByRole('group', { name: 'Group 1' })).toContainText('Interests > Entertainment > Gaming');
  return page.getByRole('form', { name: 'Save Persona' });
}
