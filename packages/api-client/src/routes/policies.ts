/** Body policies and shared wording, quoted in the OpenAPI descriptions. */
export const IGNORED_BODY =
  'Accepted for compatibility with the original portal and ignored: identity comes only from the session.';
export const STRICT_BODY = 'Strict: unknown fields are refused with 400, so client mistakes surface early.';
export const SCOPED = 'Answered 404 when the id is not the caller’s company’s (existence is not confirmed).';
