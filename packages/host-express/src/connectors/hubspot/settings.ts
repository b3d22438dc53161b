// The HubSpot connector's settings, read from the environment. HUBSPOT_ACCESS_TOKEN (a private
// app's access token) turns the connector on; everything else has a default. Problems are one plain
// sentence each and never quote the token.
//
// Where the account managers' "Book a meeting" links come from (HUBSPOT_MEETING_LINKS): HubSpot's
// owners carry no properties of their own, so a link is either read from the scheduler API (the
// owner's personal meetings link, one request per account manager per run; needs the private app's
// scheduler scope) or given here as a map; unset, the stored links are left as they are.

export interface HubspotDealProperties {
  /** Internal name of the deal property holding the service type (an enumeration; its labels are stored). */
  serviceType: string;
  /** Date property: the start of the term. */
  startDate: string;
  /** Date property: the end of the term. */
  endDate: string;
  /** Number property: contracted hours. */
  hours: string;
}

export interface HubspotProjectObject {
  /** The custom object's type id ("2-1234567") or fully qualified name ("p1234567_projects"). */
  objectType: string;
  /** Internal name of the property holding the Jira project key. */
  jiraKeyProperty: string;
  /** Internal name of the property holding the project's name. */
  nameProperty: string;
}

export type HubspotMeetingLinks =
  /** Keep the stored booking links (hand-maintained). */
  | { kind: 'keep' }
  /** The owner's personal link from GET /scheduler/v3/meetings/meeting-links. */
  | { kind: 'scheduler' }
  /** By owner id or owner e-mail (lower-case). */
  | { kind: 'map'; links: Readonly<Record<string, string>> };

export interface HubspotSettings {
  /** Private app access token (sent as a Bearer token; never logged). */
  accessToken: string;
  /** Without a trailing slash. */
  apiUrl: string;
  deal: HubspotDealProperties;
  /** Null: projects are not synced (HUBSPOT_PROJECT_OBJECT_TYPE unset). */
  projects: HubspotProjectObject | null;
  meetingLinks: HubspotMeetingLinks;
}

export const HUBSPOT_DEFAULTS = {
  apiUrl: 'https://api.hubapi.com',
  deal: { serviceType: 'service_type', startDate: 'start_date', endDate: 'end_date', hours: 'hours' },
  jiraKeyProperty: 'jira_key',
  nameProperty: 'name',
} as const;

/** HubSpot's internal property names: a letter, then letters, digits and underscores. */
const PROPERTY_NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
/** A custom object's type id ("2-1234567") or fully qualified name ("p1234567_projects"). */
const OBJECT_TYPE = /^(?:2-\d{1,20}|p\d*_[A-Za-z][A-Za-z0-9_]{0,99})$/;
const HTTP_URL = /^https?:\/\/\S+$/;

function property(
  env: Record<string, string | undefined>,
  name: string,
  fallback: string,
  problems: string[],
): string {
  const value = env[name]?.trim() || fallback;
  if (!PROPERTY_NAME.test(value)) {
    problems.push(
      `${name} must be a HubSpot property's internal name (a letter, then letters, digits and underscores), not "${value.slice(0, 100)}".`,
    );
  }
  return value;
}

function apiUrl(raw: string | undefined, problems: string[]): string {
  const value = raw?.trim() || HUBSPOT_DEFAULTS.apiUrl;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push('HUBSPOT_API_URL must be an absolute http(s) URL such as https://api.hubapi.com.');
    return value;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    problems.push('HUBSPOT_API_URL must be an absolute http(s) URL such as https://api.hubapi.com.');
  } else if (url.username || url.password || url.search || url.hash) {
    // Credentials in the URL would travel in every message; the token has its own variable.
    problems.push('HUBSPOT_API_URL must not carry credentials, a query or a fragment.');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function meetingLinks(raw: string | undefined, problems: string[]): HubspotMeetingLinks {
  const value = raw?.trim() ?? '';
  if (value === '' || value.toLowerCase() === 'keep') return { kind: 'keep' };
  if (value.toLowerCase() === 'scheduler') return { kind: 'scheduler' };
  const links: Record<string, string> = {};
  for (const entry of value.split(',')) {
    const at = entry.indexOf('=');
    const owner = entry.slice(0, at).trim().toLowerCase();
    const link = entry.slice(at + 1).trim();
    if (at <= 0 || owner === '' || !HTTP_URL.test(link)) {
      problems.push(
        `HUBSPOT_MEETING_LINKS must be "scheduler", "keep", or a comma-separated list of owner=https://… (owner id or e-mail); "${entry.trim().slice(0, 100)}" is neither.`,
      );
      continue;
    }
    links[owner] = link;
  }
  return { kind: 'map', links };
}

/**
 * The connector's settings from the environment: null (and no problems) without
 * HUBSPOT_ACCESS_TOKEN; null with problems when a value is unusable.
 */
export function readHubspotSettings(env: Record<string, string | undefined>): {
  settings: HubspotSettings | null;
  problems: string[];
} {
  const accessToken = env.HUBSPOT_ACCESS_TOKEN?.trim() ?? '';
  if (accessToken === '') return { settings: null, problems: [] };
  const problems: string[] = [];
  if (/[\s"']/.test(accessToken)) {
    problems.push(
      'HUBSPOT_ACCESS_TOKEN contains spaces or quotes: set it to the private app’s access token alone.',
    );
  }
  const url = apiUrl(env.HUBSPOT_API_URL, problems);
  const deal: HubspotDealProperties = {
    serviceType: property(
      env,
      'HUBSPOT_DEAL_SERVICE_TYPE_PROPERTY',
      HUBSPOT_DEFAULTS.deal.serviceType,
      problems,
    ),
    startDate: property(env, 'HUBSPOT_DEAL_START_DATE_PROPERTY', HUBSPOT_DEFAULTS.deal.startDate, problems),
    endDate: property(env, 'HUBSPOT_DEAL_END_DATE_PROPERTY', HUBSPOT_DEFAULTS.deal.endDate, problems),
    hours: property(env, 'HUBSPOT_DEAL_HOURS_PROPERTY', HUBSPOT_DEFAULTS.deal.hours, problems),
  };
  const objectType = env.HUBSPOT_PROJECT_OBJECT_TYPE?.trim() ?? '';
  let projects: HubspotProjectObject | null = null;
  if (objectType !== '') {
    if (!OBJECT_TYPE.test(objectType)) {
      problems.push(
        `HUBSPOT_PROJECT_OBJECT_TYPE must be a custom object's type id such as 2-1234567 (or its fully qualified name such as p1234567_projects), not "${objectType.slice(0, 100)}".`,
      );
    }
    projects = {
      objectType,
      jiraKeyProperty: property(
        env,
        'HUBSPOT_PROJECT_JIRA_KEY_PROPERTY',
        HUBSPOT_DEFAULTS.jiraKeyProperty,
        problems,
      ),
      nameProperty: property(env, 'HUBSPOT_PROJECT_NAME_PROPERTY', HUBSPOT_DEFAULTS.nameProperty, problems),
    };
  }
  const links = meetingLinks(env.HUBSPOT_MEETING_LINKS, problems);
  if (problems.length > 0) return { settings: null, problems };
  return {
    settings: { accessToken, apiUrl: url, deal, projects, meetingLinks: links },
    problems,
  };
}
