import { describe, expect, it } from 'vitest';
import { errorContent } from './errorContent.js';

describe('errorContent', () => {
  it('is null when there is no error', () => {
    for (const none of [undefined, null, false, '']) expect(errorContent(none)).toBeNull();
  });

  it('shows the default text for `true`', () => {
    expect(errorContent(true)).toEqual({});
  });

  it("puts an Error's message under the technical details, never as the message", () => {
    expect(errorContent(new Error('HTTP 503'))).toEqual({ details: 'HTTP 503' });
    expect(errorContent(new TypeError(''))).toEqual({ details: 'TypeError' });
  });

  it('shows any other node as the message', () => {
    expect(errorContent('The billing service did not answer.')).toEqual({
      message: 'The billing service did not answer.',
    });
  });
});
