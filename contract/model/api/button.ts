import { censusPageFieldsSchema, type CensusPageFields } from './census';

/** Button tracking payload (spec part 1 §3): the wire format of button-render and button-click. */
export interface ButtonPayload extends CensusPageFields {
  id: string;
  buttonText: string;
  clickthroughUrl: string;
  alignment: string;
  size: string;
  newWindow: boolean;
  context: string;
}

export const buttonPayloadSchema = {
  type: 'object',
  required: ['id', 'buttonText', 'clickthroughUrl', 'url'],
  additionalProperties: false,
  properties: {
    ...censusPageFieldsSchema,
    id: { type: 'string', maxLength: 128 },
    buttonText: { type: 'string', maxLength: 512 },
    clickthroughUrl: { type: 'string', maxLength: 2048 },
    alignment: { type: 'string', maxLength: 16 },
    size: { type: 'string', maxLength: 16 },
    newWindow: { type: 'boolean' },
    context: { type: 'string', maxLength: 64 },
  },
} as const;
