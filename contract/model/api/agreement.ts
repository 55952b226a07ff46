/**
 * Each wire format the runtime sends has a TypeScript interface (what the runtime builds) and a
 * JSON schema (what the server validates). These compile-time checks fail `npm run typecheck`
 * when the two disagree: a field the runtime sends that the schema does not know (the server
 * would refuse it), a field the schema requires that the runtime may leave out, or a type that
 * differs. Nothing here reaches a bundle: it is types and one unused constant.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { ButtonPayload, buttonPayloadSchema } from './button';
import type { FormRenderHit, OverlayHit, formRenderSchema, overlaySchema } from './census';
import type { ErrorEvent, TraceEvent, errorEventSchema, traceEventSchema } from './errors';
import type { SaveFormSubmission, saveFormSubmissionSchema } from './form-submission';
import type { RecordHit, recordHitSchema } from './record-hit';

/** `true` when every value of `Sent` is valid under `Schema` and it has no key the schema lacks. */
type Fits<Sent, Schema extends JSONSchema> = [Exclude<keyof Sent, keyof FromSchema<Schema>>] extends [never]
  ? // An interface has no index signature; its mapped copy is checked as an object literal would be.
    [{ [K in keyof Sent]: Sent[K] }] extends [FromSchema<Schema>]
    ? true
    : 'a value the runtime may send is not valid under the schema'
  : 'the runtime sends a field the schema does not know';

export const WIRE_FORMATS_AGREE: {
  formSubmission: Fits<SaveFormSubmission, typeof saveFormSubmissionSchema>;
  formRender: Fits<FormRenderHit, typeof formRenderSchema>;
  overlay: Fits<OverlayHit, typeof overlaySchema>;
  button: Fits<ButtonPayload, typeof buttonPayloadSchema>;
  recordHit: Fits<RecordHit, typeof recordHitSchema>;
  errorEvent: Fits<ErrorEvent, typeof errorEventSchema>;
  traceEvent: Fits<TraceEvent, typeof traceEventSchema>;
} = {
  formSubmission: true,
  formRender: true,
  overlay: true,
  button: true,
  recordHit: true,
  errorEvent: true,
  traceEvent: true,
};
