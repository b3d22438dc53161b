import type { SessionUser } from '@client-portal/api-client';
import { queryKeys } from '@client-portal/api-client/queries';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cancelCompanyQueries, followSessionCompany, switchCompany } from './companySwitch.js';

const staff: SessionUser = {
  sub: 'u-staff',
  email: 'staff@provider.example',
  name: 'Sam Staff',
  picture: null,
  role: 'staff',
  companyId: 'acme',
};

function cacheActingForAcme() {
  const client = new QueryClient();
  client.setQueryData(queryKeys.session(), staff);
  client.setQueryData(queryKeys.staffCompanies(), { companies: [{ id: 'acme', name: 'Acme Corp' }] });
  client.setQueryData(queryKeys.profile(), { company: 'Acme Corp' });
  client.setQueryData(queryKeys.crm(), { deals: ['Acme deal'] });
  client.setQueryData(queryKeys.documents(), { documents: ['acme.pdf'] });
  client.setQueryData(queryKeys.projectAnalytics('ACME'), { key: 'ACME' });
  client.setQueryData(queryKeys.knowledgeBase(), { articles: [] });
  return client;
}

describe('switching the company staff act for', () => {
  it('drops every answer about the previous company and keeps the session and the company list', () => {
    const client = cacheActingForAcme();
    switchCompany(client, 'globex');
    const left = client
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey);
    expect(left).toEqual([queryKeys.session(), queryKeys.staffCompanies()]);
    expect(client.getQueryData(queryKeys.session())).toEqual({ ...staff, companyId: 'globex' });
  });

  it('stopping leaves the session without a company', () => {
    const client = cacheActingForAcme();
    switchCompany(client, null);
    expect(client.getQueryData<SessionUser>(queryKeys.session())?.companyId).toBeNull();
    expect(client.getQueryData(queryKeys.crm())).toBeUndefined();
  });

  it('leaves a signed-out session alone', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.session(), null);
    switchCompany(client, 'acme');
    expect(client.getQueryData(queryKeys.session())).toBeNull();
  });

  it('cancels a request still running for the previous company, so its answer is not kept', async () => {
    const client = cacheActingForAcme();
    let aborted = false;
    const running = client
      .fetchQuery({
        queryKey: queryKeys.teams(),
        queryFn: ({ signal }) =>
          new Promise((resolve) => {
            signal.addEventListener('abort', () => {
              aborted = true;
            });
            setTimeout(() => resolve({ teams: ['Acme team'] }), 50);
          }),
      })
      .catch((error: unknown) => error);
    const session = client.fetchQuery({ queryKey: queryKeys.session(), queryFn: async () => staff });
    await cancelCompanyQueries(client);
    await running;
    switchCompany(client, 'globex');
    expect(aborted).toBe(true);
    expect(client.getQueryData(queryKeys.teams())).toBeUndefined();
    expect(await session).toEqual(staff);
  });
});

describe('a switch made elsewhere (another tab shares the session)', () => {
  it('drops the previous company’s answers as soon as the session names another company', async () => {
    const client = cacheActingForAcme();
    const stop = followSessionCompany(client, 'acme');
    // The session refetched with the same company: nothing goes.
    await client.fetchQuery({ queryKey: queryKeys.session(), queryFn: async () => staff, staleTime: 0 });
    expect(client.getQueryData(queryKeys.crm())).toEqual({ deals: ['Acme deal'] });
    // Refetched after another tab chose Globex: Acme's answers go before anyone reads the session.
    await client.fetchQuery({
      queryKey: queryKeys.session(),
      queryFn: async () => ({ ...staff, companyId: 'globex' }),
      staleTime: 0,
    });
    expect(client.getQueryData(queryKeys.crm())).toBeUndefined();
    expect(client.getQueryData(queryKeys.documents())).toBeUndefined();
    expect(client.getQueryData(queryKeys.staffCompanies())).toBeDefined();
    // Globex's answers stay while the session stays on Globex.
    client.setQueryData(queryKeys.crm(), { deals: ['Globex deal'] });
    client.setQueryData(queryKeys.session(), { ...staff, companyId: 'globex' });
    expect(client.getQueryData(queryKeys.crm())).toEqual({ deals: ['Globex deal'] });
    stop();
    client.setQueryData(queryKeys.session(), { ...staff, companyId: null });
    expect(client.getQueryData(queryKeys.crm())).toEqual({ deals: ['Globex deal'] });
  });
});
