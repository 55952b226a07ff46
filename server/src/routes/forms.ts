import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { saveFormSubmissionSchema, type SaveFormSubmission } from '../../../runtime/src/model/api/form-submission';
import { COMPLETE_CAPTCHA, FORM_INVALID, NOT_CONFIGURED, PROCESSING_ERROR, RATE_LIMITED, UNPARSEABLE_FIELDS } from '../../../runtime/src/model/forms/messages';
import type { FormDefinition, FormValues } from '../../../runtime/src/model/forms/types';
import { hasValueShape, validateForm } from '../../../runtime/src/model/forms/validate';
import { setting } from '../db';
import { createCaptcha, newCaptchaSecret } from '../forms/captcha';
import { loadFormDefinitions } from '../forms/definitions';
import { CRUMB_COOKIE } from '../plugins/crumb';
import { crumbQuery, noBody } from '../schemas';

/** A submission key lives an hour and is good for one save call. */
export const FORM_KEY_LIFETIME_MS = 60 * 60 * 1000;
/** Successful submissions per visitor and form within the window before 429. */
export const FORM_RATE_WINDOW_MS = 10 * 60 * 1000;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses and shape-checks the `form` JSON string: only known field ids, each in its shape. */
export function parseFormValues(definition: FormDefinition, form: string): FormValues | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(form);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const fields = new Map(definition.fields.map((field) => [field.id, field]));
  for (const [id, value] of Object.entries(parsed)) {
    const field = fields.get(id);
    if (!field || field.type === 'section' || !hasValueShape(field, value)) return null;
  }
  return parsed as FormValues;
}

function firstEmail(definition: FormDefinition, values: FormValues): string | null {
  const field = definition.fields.find((candidate) => candidate.type === 'email');
  const value = field ? values[field.id] : undefined;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
}

export default async function formRoutes(app: FastifyInstance): Promise<void> {
  const forms = loadFormDefinitions(path.join(app.settings.rootDir, 'examples'));
  const captcha = createCaptcha(setting(app.db, 'captchaSecret', newCaptchaSecret), app.settings.captchaDifficulty);
  const saves = new Map<string, number[]>();
  const db = app.db;
  const insertKey = db.prepare('INSERT INTO form_keys (key, created_at, expires_at) VALUES (?, ?, ?)');
  const useKey = db.prepare('UPDATE form_keys SET used_at = ? WHERE key = ? AND used_at IS NULL AND expires_at > ?');
  const insertSubmission = db.prepare(
    'INSERT INTO form_submissions (form_id, collection_id, values_json, page_url, visitor, is_overlay_form, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  // A newsletter form connected to a mailing list subscribes to that list; else to its own.
  const insertSubscriber = db.prepare(
    'INSERT OR IGNORE INTO newsletter_subscribers (list_id, email, created_at) VALUES (COALESCE((SELECT list_id FROM newsletter_connections WHERE form_id = @formId), @formId), @email, @now)',
  );

  app.get('/api/form/captcha/challenge', { schema: { querystring: crumbQuery } }, captcha.challengeHandler);

  app.post('/api/form/FormSubmissionKey', { schema: noBody }, async () => {
    const now = Date.now();
    const key = randomBytes(24).toString('base64url');
    insertKey.run(key, now, now + FORM_KEY_LIFETIME_MS);
    db.prepare('DELETE FROM form_keys WHERE expires_at < ?').run(now - FORM_KEY_LIFETIME_MS);
    return { key };
  });

  app.post('/api/form/SaveFormSubmission', { schema: { querystring: crumbQuery, body: saveFormSubmissionSchema } }, async (request, reply) => {
    const body = request.body as SaveFormSubmission;
    const now = Date.now();
    const definition = forms.get(body.formId);
    if (!definition) return reply.code(404).send({ error: NOT_CONFIGURED });

    // The key is spent by this call whatever happens next: a key never serves twice.
    if (useKey.run(now, body.key, now).changes !== 1) return reply.code(400).send({ error: PROCESSING_ERROR });

    const visitor = `${request.cookies[CRUMB_COOKIE] ?? request.ip}|${definition.formId}`;
    const recent = (saves.get(visitor) ?? []).filter((at) => now - at < FORM_RATE_WINDOW_MS);
    if (recent.length >= app.settings.formRateLimit) return reply.code(429).send({ error: RATE_LIMITED });

    const values = parseFormValues(definition, body.form);
    if (!values) return reply.code(400).send({ error: UNPARSEABLE_FIELDS });
    const errors = validateForm(definition.fields, values);
    if (Object.keys(errors).length > 0) return reply.code(400).send({ error: FORM_INVALID, errors });

    if (definition.captcha) {
      if (!(await captcha.verify(body.captchaKey))) return reply.code(400).send({ error: COMPLETE_CAPTCHA, captchaFailed: true });
    }

    db.transaction(() => {
      insertSubmission.run(definition.formId, body.collectionId ?? null, JSON.stringify(values), body.url, body.visitorCookie ?? null, body.isOverlayForm ? 1 : 0, now);
      const email = definition.newsletter ? firstEmail(definition, values) : null;
      if (email) insertSubscriber.run({ formId: definition.formId, email, now });
    })();
    recent.push(now);
    saves.set(visitor, recent);
    return {};
  });
}
