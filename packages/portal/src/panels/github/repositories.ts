import type { GithubOrganisation, GithubRepository } from '@client-portal/api-client';

/** A repository with its organisation's display name, as the table lists it. */
export interface RepositoryLine extends GithubRepository {
  organisationName: string;
}

/** An organisation with the repositories of the project that belong to it. */
export interface OrganisationGroup {
  organisation: GithubOrganisation | null;
  login: string;
  repositories: GithubRepository[];
}

/**
 * The project's organisations with their repositories (both lists fetched together), in the
 * organisations' order; a repository whose owner is not among the organisations (a personal
 * account, say) gets a group of its own rather than disappearing.
 */
export function groupRepositories(
  organisations: readonly GithubOrganisation[],
  repositories: readonly GithubRepository[],
): OrganisationGroup[] {
  const groups = new Map<string, OrganisationGroup>(
    organisations.map((organisation) => [
      organisation.login.toLowerCase(),
      { organisation, login: organisation.login, repositories: [] },
    ]),
  );
  for (const repository of repositories) {
    const key = repository.organisation.toLowerCase();
    let group = groups.get(key);
    if (!group) {
      group = { organisation: null, login: repository.organisation, repositories: [] };
      groups.set(key, group);
    }
    group.repositories.push(repository);
  }
  return [...groups.values()];
}

/** The table's rows: every repository with its organisation's name (the login when it has none). */
export function repositoryLines(groups: readonly OrganisationGroup[]): RepositoryLine[] {
  return groups.flatMap((group) =>
    group.repositories.map((repository) => ({
      ...repository,
      organisationName: group.organisation?.name ?? group.login,
    })),
  );
}
