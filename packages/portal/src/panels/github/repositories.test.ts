import { createPortalFixtures } from '@client-portal/api-client/mocks';
import { describe, expect, it } from 'vitest';
import { groupRepositories, repositoryLines } from './repositories.js';

const fixtures = createPortalFixtures();
const portal = fixtures.github('9001');
if (!portal) throw new Error('fixture project 9001 missing');

describe('groupRepositories', () => {
  it('puts each repository under its organisation, in the organisations’ order', () => {
    const groups = groupRepositories(portal.organisations, portal.repositories);
    expect(groups.map((g) => [g.login, g.repositories.length])).toEqual([
      ['northwind', 3],
      ['northwind-labs', 1],
    ]);
  });

  it('keeps a repository whose owner is not among the organisations, in a group of its own', () => {
    const [repo] = portal.repositories;
    if (!repo) throw new Error('no repository');
    const groups = groupRepositories(portal.organisations, [{ ...repo, organisation: 'someone' }]);
    expect(groups.at(-1)).toMatchObject({ login: 'someone', organisation: null });
    expect(repositoryLines(groups)).toHaveLength(1);
    expect(repositoryLines(groups)[0]?.organisationName).toBe('someone');
  });

  it('matches owners case-insensitively, as GitHub logins are', () => {
    const [repo] = portal.repositories;
    if (!repo) throw new Error('no repository');
    const groups = groupRepositories(portal.organisations, [{ ...repo, organisation: 'NorthWind' }]);
    expect(groups[0]?.repositories).toHaveLength(1);
  });

  it('gives every repository its organisation’s display name', () => {
    const lines = repositoryLines(groupRepositories(portal.organisations, portal.repositories));
    expect(lines.map((l) => l.organisationName)).toEqual([
      'Northwind Logistics',
      'Northwind Logistics',
      'Northwind Logistics',
      'Northwind Labs',
    ]);
  });
});
