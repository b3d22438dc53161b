// What the API answers a signed-in customer, fetched in the browser's own session (the context's
// cookies), so the walk compares each page with the data the portal itself was given.
import type { APIRequestContext } from 'playwright-core';

export interface Answers {
  profile: {
    contact: { id: string; name: string; email: string; jobTitle: string | null };
    company: { id: string; name: string };
  };
  crm: {
    deals: { id: string; dealName: string; stage: string }[];
    projects: { id: string; name: string }[];
  };
  /** The customer's visible analytics projects. */
  projects: { id: string; name: string; jiraProjectKey: string }[];
  analyticsProjects: { jiraProjectKey: string; name: string }[];
  talent: { id: string; name: string }[];
  associations: { id: string; name: string; status: string; projectName: string | null }[];
  teams: { id: string; name: string; members: { name: string }[] }[];
  accountManager: { name: string; email: string } | null;
  documents: { id: string; name: string; sizeBytes: number; contentType: string }[];
  articles: { slug: string; title: string }[];
  /** The first page of the caller's own requests (the requests page's first view). */
  requests: { key: string; title: string }[];
}

/** Every answer the walk compares pages with, for the session of `request`. */
export async function fetchAnswers(request: APIRequestContext, url: string): Promise<Answers> {
  // The host's CSRF guard wants these on writes (the POST routes below only read).
  const headers = { Origin: url, 'Sec-Fetch-Site': 'same-origin', Accept: 'application/json' };
  const json = async (method: 'GET' | 'POST', path: string, data?: unknown) => {
    const res =
      method === 'GET'
        ? await request.get(`${url}${path}`, { headers })
        : await request.post(`${url}${path}`, { headers, data: data ?? {} });
    if (res.status() !== 200)
      throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
    return res.json();
  };
  const [
    profile,
    crm,
    projects,
    analyticsProjects,
    talent,
    teams,
    accountManager,
    documents,
    articles,
    requests,
  ] = await Promise.all([
    json('POST', '/api/profile'),
    json('POST', '/api/hubspot'),
    json('GET', '/api/projects'),
    json('GET', '/api/analytics/projects'),
    json('GET', '/api/talent'),
    json('GET', '/api/teams'),
    json('GET', '/api/account-manager'),
    json('GET', '/api/documents'),
    json('GET', '/api/knowledge-base/articles'),
    json('GET', '/api/requests?pageSize=5'),
  ]);
  const associations = await json('POST', '/api/talent-associations', {
    contactId: profile.profile.contact.id,
  });
  return {
    profile: profile.profile,
    crm: crm.hubspot,
    projects: projects.data,
    analyticsProjects: analyticsProjects.projects,
    talent: talent.talent,
    associations: associations.talent,
    teams: teams.teams,
    accountManager: accountManager.accountManager,
    documents: documents.documents,
    articles: articles.articles,
    requests: requests.items,
  };
}

/**
 * The names that belong to one customer: its company and contact, subscriptions, projects, teams
 * and their people, the people working with it, its documents, articles, account manager.
 */
export function namesOf(a: Answers): string[] {
  return [
    a.profile.company.name,
    a.profile.contact.name,
    a.profile.contact.email,
    ...a.crm.deals.map((deal) => deal.dealName),
    ...a.crm.projects.map((project) => project.name),
    ...a.projects.map((project) => project.name),
    ...a.analyticsProjects.map((project) => project.name),
    ...a.teams.flatMap((team) => [team.name, ...team.members.map((member) => member.name)]),
    ...a.associations.map((person) => person.name),
    ...(a.accountManager ? [a.accountManager.name, a.accountManager.email] : []),
    ...a.documents.map((document) => document.name),
    ...a.articles.map((article) => article.title),
  ];
}

/**
 * Of `owner`'s names, those `other` must never see: the ones that appear nowhere in what the API
 * answers `other` (a shared article title, a document both have, a person in the available talent
 * both may hire are legitimately on both sides).
 */
export function privateNames(owner: Answers, other: Answers): string[] {
  const theirs = JSON.stringify(other);
  return [...new Set(namesOf(owner))].filter((name) => name.length > 0 && !theirs.includes(name));
}
