/**
 * The site folder's JSON files (SITE_DIR: site.json, forms.json, products.json,
 * collections.json). A site without one runs without it; one that cannot be read or is not a
 * JSON object stops the start with a line that names the file and the fault. If one breaks
 * while the server runs (an edit half saved), what reads it goes on as if it were absent, and
 * the log says so once per fault.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export const SITE_FILES = ['site.json', 'forms.json', 'products.json', 'collections.json'] as const;
export type SiteFile = (typeof SITE_FILES)[number];

/** A site folder the server cannot start on: it is not there, or one of its files is broken. */
export class SiteFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiteFileError';
  }
}

export interface SiteFileRead {
  /** The file's object; {} when it is absent or broken. */
  value: Record<string, unknown>;
  /** What is wrong with it ("is not valid JSON (…)"), or null. */
  problem: string | null;
}

export async function readSiteFile(siteDir: string, name: SiteFile): Promise<SiteFileRead> {
  let text: string;
  try {
    text = await fs.readFile(path.join(siteDir, name), 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { value: {}, problem: code === 'ENOENT' ? null : `cannot be read (${code ?? (error as Error).message})` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { value: {}, problem: `is not valid JSON (${(error as Error).message})` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { value: {}, problem: 'must hold one JSON object ({ … })' };
  return { value: value as Record<string, unknown>, problem: null };
}

/** The last fault logged per server and file, so that a broken file is said once, not on every request. */
const toldFaults = new WeakMap<FastifyInstance, Map<SiteFile, string>>();

/** A site file as a running server reads it: {} while it is broken, which the log says once per fault. */
export async function siteFile(app: FastifyInstance, name: SiteFile): Promise<Record<string, unknown>> {
  const { value, problem } = await readSiteFile(app.settings.siteDir, name);
  const told = toldFaults.get(app) ?? new Map<SiteFile, string>();
  toldFaults.set(app, told);
  if (problem && told.get(name) !== problem) app.log.warn(`${path.join(app.settings.siteDir, name)} ${problem}: the site runs without it until it is fixed.`);
  if (problem) told.set(name, problem);
  else told.delete(name);
  return value;
}

/** Why SITE_DIR is not a folder the server can serve, or null. */
async function folderProblem(siteDir: string): Promise<string | null> {
  try {
    return (await fs.stat(siteDir)).isDirectory() ? null : 'it is a file';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ENOENT' ? 'there is nothing there' : `it cannot be read (${code ?? (error as Error).message})`;
  }
}

/** At start: a SiteFileError that says what to fix (the folder, or the first broken file), else nothing. */
export async function checkSiteFolder(siteDir: string): Promise<void> {
  const folder = await folderProblem(siteDir);
  if (folder) throw new SiteFileError(`SITE_DIR must be the folder of a site (npm run new-site -- FOLDER makes one), but ${folder}: ${siteDir}.`);
  for (const name of SITE_FILES) {
    const { problem } = await readSiteFile(siteDir, name);
    if (problem) throw new SiteFileError(`${path.join(siteDir, name)} ${problem}. Fix it, or remove it to run without it, and start the server again.`);
  }
}
