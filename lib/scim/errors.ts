import { ApiError } from '../errors.ts';

/** RFC 7644 §3.12 scimType values this service answers with. */
export type ScimType = 'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'noTarget' | 'uniqueness' | 'mutability';

export function scimError(status: 400 | 409, scimType: ScimType, detail: string): ApiError {
  return new ApiError(status, scimType, detail, { scimType });
}

export const invalidFilter = (detail: string) => scimError(400, 'invalidFilter', detail);
export const invalidValue = (detail: string) => scimError(400, 'invalidValue', detail);
