/**
 * The site folder's settings file (SITE_DIR/site.json). A site without one runs on the
 * defaults; one that cannot be read or is not a JSON object stops the start with a line that
 * names the file and the fault, and if it breaks while the server runs (an edit half saved),
 * pages go on with the defaults and the log says so, once per fault.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

export const SITE_SETTINGS_FILE = 'site.json';

/** A site folder the server cannot start on: it is not there, or its site.json is broken. */
export class SiteFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiteFileError';
  }
}

export interface SiteSettingsRead {
  settings: Record<string, unknown>;
  /** What is wrong with the file ("is not valid JSON (…)"), or null. */
  problem: string | null;
}

export const siteSettingsFile = (siteDir: string) => path.join(siteDir, SITE_SETTINGS_FILE);

export async function readSiteSettingsFile(siteDir: string): Promise<SiteSettingsRead> {
  let text: string;
  try {
    text = await fs.readFile(siteSettingsFile(siteDir), 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { settings: {}, problem: code === 'ENOENT' ? null : `cannot be read (${code ?? (error as Error).message})` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { settings: {}, problem: `is not valid JSON (${(error as Error).message})` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { settings: {}, problem: 'must hold one JSON object ({ … })' };
  return { settings: value as Record<string, unknown>, problem: null };
}

/** Why SITE_DIR is not a folder the server can serve, or null. */
async function folderProblem(siteDir: string): Promise<string | null> {
  try {
    if ((await fs.stat(siteDir)).isDirectory()) return null;
    return 'it is a file';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ENOENT' ? 'there is nothing there' : `it cannot be read (${code ?? (error as Error).message})`;
  }
}

/** At start: the settings, or a SiteFileError that says what to fix (the folder, or its site.json). */
export async function siteSettingsAtStart(siteDir: string): Promise<Record<string, unknown>> {
  const folder = await folderProblem(siteDir);
  if (folder) throw new SiteFileError(`SITE_DIR must be the folder of a site (npm run new-site -- FOLDER makes one), but ${folder}: ${siteDir}.`);
  const { settings, problem } = await readSiteSettingsFile(siteDir);
  if (problem) throw new SiteFileError(`${siteSettingsFile(siteDir)} ${problem}. Fix it, or remove it to run on the defaults, and start the server again.`);
  return settings;
}
