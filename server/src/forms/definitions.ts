import fs from 'node:fs';
import path from 'node:path';
import { formDefinition } from '../../../contract/model/forms/definition';
import type { FormDefinition } from '../../../contract/model/forms/types';

/**
 * The site's forms (formId → definition) from examples/forms.json, read once at start with
 * the same parser the runtime uses for block JSON.
 */
export function loadFormDefinitions(examplesDir: string): Map<string, FormDefinition> {
  const file = path.join(examplesDir, 'forms.json');
  const forms = new Map<string, FormDefinition>();
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return forms;
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  for (const [formId, config] of Object.entries(raw as Record<string, Record<string, unknown>>)) {
    const definition = formDefinition({ ...config, formId }, config.newsletter === true ? 'newsletter' : 'form');
    forms.set(formId, definition);
  }
  return forms;
}
