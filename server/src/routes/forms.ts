import type { FastifyInstance } from 'fastify';
import { saveFormSubmissionSchema, type SaveFormSubmission } from '../../../contract/model/api/form-submission';
import { formError, NOT_CONFIGURED, RATE_LIMITED } from '../../../contract/model/forms/messages';
import type { FormDefinition, FormValues } from '../../../contract/model/forms/types';
import { hasValueShape, validateForm } from '../../../contract/model/forms/validate';
import { setting } from '../db';
import { createCaptcha, newCaptchaSecret } from '../forms/captcha';
import { loadFormDefinitions } from '../forms/definitions';
import { CRUMB_COOKIE } from '../plugins/crumb';
import { crumbQuery, noBody } from '../schemas';
import { mintFormKey, spendFormKey } from '../forms/keys';
import { isJsonObject, parseVisitorJson } from '../security/json-depth';
import { FORM_RATE_WINDOW_MS, retryAfterSeconds, takeFromWindows, takeFromWindowsIn, windowsFull } from '../security/limits';
import { lockedTransaction } from '../storage/locked';
import { subscribe } from '../repositories/mailing-lists';
import { storeSubmission } from '../repositories/submissions';
import { submissionNotice } from '../mail/notices';
import { CAPTCHA_CHALLENGE_PATH, FORM_KEY_PATH, SAVE_FORM_PATH } from '../../../contract/api/paths';

/** Parses and shape-checks the `form` JSON string: only known field ids, each in its shape. */
export function parseFormValues(definition: FormDefinition, form: string): FormValues | null {
  const parsed = parseVisitorJson(form);
  if (!isJsonObject(parsed)) return null;
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
  const forms = loadFormDefinitions(app.settings.siteDir);
  const captcha = createCaptcha(app.storage, await setting(app.storage, 'captchaSecret', newCaptchaSecret), app.settings.captchaDifficulty);
  const store = app.storage;

  app.get(CAPTCHA_CHALLENGE_PATH, { schema: { querystring: crumbQuery } }, captcha.challengeHandler);

  // Anyone may ask for a key, so each address gets a bounded number of them.
  app.post(FORM_KEY_PATH, { schema: noBody }, async (request, reply) => {
    const refused = await takeFromWindows(store, [{ key: `form-keys:address:${request.ip}`, limit: app.settings.formKeyRateLimit }], FORM_RATE_WINDOW_MS);
    if (refused) return reply.code(429).header('Retry-After', retryAfterSeconds(refused)).send(formError('noSubmissionKey'));
    return { key: await mintFormKey(store) };
  });

  app.post(SAVE_FORM_PATH, { schema: { querystring: crumbQuery, body: saveFormSubmissionSchema } }, async (request, reply) => {
    const body = request.body as SaveFormSubmission;
    const now = Date.now();
    const definition = forms.get(body.formId);
    if (!definition) return reply.code(404).send({ error: NOT_CONFIGURED });

    // The key is spent by this call whatever happens next: a key never serves twice.
    if (!(await spendFormKey(store, body.key, now))) return reply.code(400).send(formError('processingError'));

    // Counted per visitor (the crumb cookie, when this server signed it: from a listed site it is
    // not checked, and a made-up one must not make the key) and per address, so that dropping cookies resets nothing.
    const crumb = request.cookies[CRUMB_COOKIE];
    const limits = [
      { key: `form:${definition.formId}:address:${request.ip}`, limit: app.settings.formAddressRateLimit },
      ...(app.crumbs.valid(crumb) ? [{ key: `form:${definition.formId}:visitor:${crumb}`, limit: app.settings.formRateLimit }] : []),
    ];
    const limited = (refused: { retryAfterMs: number }) => reply.code(429).header('Retry-After', retryAfterSeconds(refused)).send({ error: RATE_LIMITED });
    const full = await windowsFull(store, limits, now);
    if (full) return limited(full);

    const values = parseFormValues(definition, body.form);
    if (!values) return reply.code(400).send(formError('unparseableFields'));
    const errors = validateForm(definition.fields, values);
    if (Object.keys(errors).length > 0) return reply.code(400).send({ ...formError('formInvalid'), errors });

    if (definition.captcha) {
      if (!(await captcha.verify(body.captchaKey))) return reply.code(400).send({ ...formError('completeCaptcha'), captchaFailed: true });
    }

    const site = app.mail && (await app.mail.site());
    // The count and the rows in one transaction: concurrent saves cannot pass the limit together.
    // The owner's notice is queued in it too: none for a submission not stored, none lost.
    const refused = await lockedTransaction(store, limits.map(({ key }) => key), async (trx) => {
      const over = await takeFromWindowsIn(trx, limits, FORM_RATE_WINDOW_MS, now);
      if (over) return over;
      await storeSubmission(trx, { formId: definition.formId, collectionId: body.collectionId ?? null, values, pageUrl: body.url, visitor: body.visitorCookie ?? null, overlay: body.isOverlayForm, at: now });
      const email = definition.newsletter ? firstEmail(definition, values) : null;
      if (email) await subscribe(trx, definition.formId, email, now);
      if (app.mail && site) await app.mail.queue(trx, submissionNotice(definition, values, body.url, now, site, firstEmail(definition, values)), site);
      return null;
    });
    if (refused) return limited(refused);
    app.mail?.wake();
    return {};
  });
}
