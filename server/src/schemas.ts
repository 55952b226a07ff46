/** Shared route schema parts: every API route declares what it accepts. */
export const crumbQuery = {
  type: 'object',
  properties: { crumb: { type: 'string', maxLength: 100 } },
} as const;

/** For calls that take no body: anything sent is ignored, but must be small (body limit). */
export const noBody = { querystring: crumbQuery } as const;
