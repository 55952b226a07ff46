/** Opening the config app's Editing tab as the owner, and choosing files by keyboard: shared by the editing specs. */
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, OWNER } from './fixtures';

export async function openEditing(page: Page) {
  await signIn(page, OWNER);
  await page.goto('/config/?frameUrl=%2Fplain');
  await page.getByRole('tab', { name: 'Insights' }).focus();
  // Keyboard: arrow to the Editing tab.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Editing' })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name: 'Editing' });
}

export type ChosenFile = { name: string; mimeType: string; buffer: Buffer };

/** Opens a file input's chooser with the keyboard (Space, as a keyboard user would) and picks the file. */
export async function chooseByKeyboard(input: Locator, file: ChosenFile) {
  const chooser = input.page().waitForEvent('filechooser');
  await input.press('Space');
  await (await chooser).setFiles(file);
}
