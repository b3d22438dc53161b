import { describe, expect, it } from 'vitest';
import { NAV_ENTRIES } from '../../routing/nav.js';
import { homeSteps } from './homeSteps.js';

describe('homeSteps', () => {
  it('offers every navigation entry but Home, once each, starting with the dashboard', () => {
    const ids = homeSteps().map((s) => s.id);
    expect(ids[0]).toBe('dashboard');
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(
      NAV_ENTRIES.map((e) => e.id)
        .filter((id) => id !== 'home')
        .sort(),
    );
  });

  it('links where the navigation links, query included', () => {
    const talent = homeSteps().find((s) => s.id === 'talent');
    expect(talent?.href).toBe('/services/talent?tab=Active');
    expect(homeSteps().find((s) => s.id === 'account')?.href).toBe('/my-info/account?tab=documents');
  });
});
