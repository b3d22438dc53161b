import { describe, expect, it } from 'vitest';
import { defaultStoragePrefix } from './config.js';

describe('defaultStoragePrefix (one per portal of a page, by document order)', () => {
  it('keeps the historical prefix for the first portal and numbers the others', () => {
    expect([0, 1, 2].map(defaultStoragePrefix)).toEqual([
      'client-portal',
      'client-portal-2',
      'client-portal-3',
    ]);
    expect(defaultStoragePrefix(-1)).toBe('client-portal');
  });
});
