import type { SessionUser } from '@client-portal/api-client';
import { handlers } from '@client-portal/api-client/mocks';
import { getResponse, type HttpHandler, HttpResponse, http } from 'msw';
import { customerFixtures, fixtures } from '../frame/storySupport.js';
import type { StaffCompany } from './companySearch.js';

/** The fixture customer, as staff see it in the list. */
export const NORTHWIND: StaffCompany = {
  id: fixtures.profile.profile.company.id,
  name: fixtures.profile.profile.company.name,
};
export const GLOBEX: StaffCompany = { id: 'globex', name: 'Globex Corporation' };
export const LONG_COMPANY: StaffCompany = {
  id: 'ivg-nordwest',
  name: 'Internationale Versorgungs- und Entsorgungslogistik Gesellschaft Nord-West mbH & Co. KG',
};
export const COMPANIES: StaffCompany[] = [
  { id: 'acme', name: 'Acme Corp' },
  GLOBEX,
  { id: 'hooli', name: 'Hooli' },
  { id: 'initech', name: 'Initech' },
  NORTHWIND,
  { id: 'umbrella', name: 'Umbrella Health' },
];

const PREFIXES = [
  'Acme',
  'Aperture',
  'Cyberdyne',
  'Globex',
  'Hooli',
  'Initech',
  'Soylent',
  'Stark',
  'Tyrell',
  'Wayne',
];
const TRADES = [
  'Bank',
  'Energy',
  'Foods',
  'Health',
  'Labs',
  'Logistics',
  'Media',
  'Motors',
  'Retail',
  'Travel',
];
/** 301 companies, sorted by name as the host sends them, one with a very long name. */
export const MANY_COMPANIES: StaffCompany[] = [
  ...PREFIXES.flatMap((p) =>
    TRADES.flatMap((trade) =>
      ['', ' Europe', ' Asia'].map((region) => ({
        id: `${p}-${trade}${region}`.toLowerCase().replace(/\s+/g, '-'),
        name: `${p} ${trade}${region}`,
      })),
    ),
  ),
  LONG_COMPANY,
].sort((a, b) => a.name.localeCompare(b.name, 'en'));

export type ListState = 'success' | 'empty' | 'loading' | 'error';

const problem = (status: number, title: string, detail: string) =>
  HttpResponse.json(
    { type: 'about:blank', title, status, detail },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/**
 * A mock host for a provider staff member, as the real one behaves: the session carries the
 * company acted for (none at first), act-as changes it, and every company-scoped route answers 403
 * until a company is chosen; `forbidden` records each such request, so a story can show there was
 * none. Each company's routes answer with the fixture customer under that company's name.
 */
export function staffBackend(
  options: { companies?: StaffCompany[]; list?: ListState; actingFor?: StaffCompany | null } = {},
) {
  const companies = options.companies ?? COMPANIES;
  const start = options.actingFor?.id ?? null;
  const state = { companyId: start, forbidden: [] as string[], actAs: [] as (string | null)[] };
  const byCompany = new Map<string, HttpHandler[]>();
  const companyRoutes = (id: string) => {
    let found = byCompany.get(id);
    if (!found) {
      const name = companies.find((c) => c.id === id)?.name ?? id;
      found = handlers(
        {},
        { fixtures: id === NORTHWIND.id ? fixtures : customerFixtures({ companyName: name }) },
      );
      byCompany.set(id, found);
    }
    return found;
  };
  const user = (): SessionUser => ({
    sub: 'user_staff_01',
    email: 'staff@provider.example',
    name: 'Sam Rivera',
    picture: null,
    role: 'staff',
    companyId: state.companyId,
  });

  const list: HttpHandler[] = [
    http.get('*/api/auth/me', () => HttpResponse.json(user(), { headers: { 'cache-control': 'no-store' } })),
    http.get('*/api/auth/companies', async () => {
      if (options.list === 'loading') await new Promise(() => {});
      if (options.list === 'error') return problem(500, 'Internal Server Error', 'Something went wrong.');
      return HttpResponse.json({ companies: options.list === 'empty' ? [] : companies });
    }),
    http.post('*/api/auth/act-as', async ({ request }) => {
      const { companyId } = (await request.json()) as { companyId: string | null };
      state.actAs.push(companyId);
      const company = companyId === null ? null : companies.find((c) => c.id === companyId);
      if (company === undefined) return problem(404, 'Not Found', 'There is no such company.');
      state.companyId = company?.id ?? null;
      return HttpResponse.json({ companyId: company?.id ?? null, companyName: company?.name ?? null });
    }),
    http.all('*/api/*', async ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/auth/')) return undefined;
      // The staff routes (the requests queue and its filters) need no company: the story's own.
      if (path.startsWith('/api/staff/')) return undefined;
      if (state.companyId === null) {
        state.forbidden.push(path);
        return problem(403, 'Forbidden', 'Choose a company to act for first (POST /api/auth/act-as).');
      }
      return getResponse(companyRoutes(state.companyId), request);
    }),
  ];
  return {
    handlers: list,
    state,
    /** Back to how the story starts (Storybook may play a story more than once). */
    reset: () => {
      state.companyId = start;
      state.forbidden.length = 0;
      state.actAs.length = 0;
    },
  };
}
