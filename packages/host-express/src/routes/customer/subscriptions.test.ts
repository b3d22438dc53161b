import { routes } from '@client-portal/api-client';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../store/schema.js';
import { ACME_USER, GLOBEX_USER, useDemoHost } from '../../test-support/demo-host.js';
import { aroundTheKeys } from '../../test-support/around-the-keys.js';
import { featureStores } from '../../test-support/stores.js';

const acmeDeals = Array.from({ length: 11 }, (_, i) => `acme-d-${String(i + 1).padStart(2, '0')}`);

describe.each(featureStores)('CRM data and teams on $name', (kind) => {
  const demo = useDemoHost(kind);
  const crmOf = async (cookie: string) =>
    routes.crm.response.parse((await demo.post(routes.crm.path, {}, cookie).expect(200)).body).hubspot;
  const teamsOf = async (cookie: string) =>
    routes.teams.response.parse((await demo.get(routes.teams.path, cookie).expect(200)).body).teams;

  it('answers every deal of the company, newest term first, with the Active counts per service group', async () => {
    const acme = await crmOf(await demo.signIn(ACME_USER));
    expect(acme.deals.map((d) => d.id).sort()).toEqual(acmeDeals);
    // Active: Team Plans + Premium Teams 2, Staffing + Staff Augmentation 2, Analytics 1.
    expect(acme).toMatchObject({ premiumTeamsCount: 2, staffAugCount: 2, analyticsCount: 1 });
    const starts = acme.deals.map((d) => d.startDate);
    const dated = starts.filter((s): s is string => s !== null);
    expect(dated).toEqual([...dated].sort().reverse());
    expect(starts.at(-1)).toBeNull();
    expect(acme.deals.find((d) => d.id === 'acme-d-11')).toEqual({
      id: 'acme-d-11',
      dealName: 'Support retainer',
      serviceType: 'Team Plans',
      stage: 'Pending',
      startDate: null,
      endDate: null,
      hours: null,
    });
    expect(acme.deals.find((d) => d.id === 'acme-d-03')).toMatchObject({
      dealName: 'Premium Team: Portal Delivery',
      serviceType: 'Premium Teams',
      stage: 'Active',
      hours: 3840,
    });

    const globex = await crmOf(await demo.signIn(GLOBEX_USER));
    expect(globex.deals).toHaveLength(5);
    expect(globex).toMatchObject({ premiumTeamsCount: 2, staffAugCount: 0, analyticsCount: 1 });
  });

  it('answers the CRM projects with their Jira keys as stored, not analytics-only ones', async () => {
    const acme = await crmOf(await demo.signIn(ACME_USER));
    expect(acme.projects).toEqual([
      { id: 'acme-portal', name: 'Customer Portal Rebuild', jiraKey: 'PORTAL' },
      { id: 'acme-discovery', name: 'Data Platform Discovery', jiraKey: '' },
      { id: 'acme-billing', name: 'Legacy Billing Support', jiraKey: null },
      { id: 'acme-route', name: 'Route Optimisation Engine', jiraKey: 'ROUTE' },
      { id: 'acme-wms', name: 'Warehouse Mobile App', jiraKey: 'WMS' },
    ]);
    const globex = await crmOf(await demo.signIn(GLOBEX_USER));
    expect(globex.projects.map((p) => p.jiraKey)).toEqual(['DWH', 'SHOP']);
  });

  it('shows a deal of a service type the product does not group, without counting it', async () => {
    const { db } = demo.store;
    await db
      .insertInto('deals')
      .values({
        id: 'acme-d-x',
        company_id: 'acme',
        name: 'Consulting',
        service_type: 'Consulting',
        stage: 'Active',
      })
      .execute();
    try {
      const acme = await crmOf(await demo.signIn(ACME_USER));
      expect(acme.deals.find((d) => d.id === 'acme-d-x')).toMatchObject({ serviceType: 'Consulting' });
      expect(acme).toMatchObject({ premiumTeamsCount: 2, staffAugCount: 2, analyticsCount: 1 });
    } finally {
      await db.deleteFrom('deals').where('id', '=', 'acme-d-x').execute();
    }
  });

  it('answers the company’s teams with members and allocations, active teams first', async () => {
    const acme = await teamsOf(await demo.signIn(ACME_USER));
    expect(acme.map((t) => [t.id, t.status])).toEqual([
      ['team-acme-portal', 'active'],
      ['team-acme-routing', 'active'],
      ['team-acme-mobile', 'forming'],
    ]);
    const portal = acme[0];
    expect(portal).toMatchObject({
      name: 'Portal Delivery Squad',
      serviceType: 'Premium Teams',
      dealId: 'acme-d-03',
      jiraProjectKey: 'PORTAL',
      endDate: null,
    });
    expect(portal?.members).toHaveLength(4);
    expect(portal?.members.at(-1)).toEqual({
      talentId: 't-04',
      name: 'Liam O’Connor',
      role: 'QA',
      photoUrl: null,
      allocationPercent: 50,
    });
    expect(portal?.members.find((m) => m.talentId === 't-03')).toMatchObject({
      name: 'Sofia Álvarez',
      role: 'Tech Lead',
      allocationPercent: 100,
    });

    const globex = await teamsOf(await demo.signIn(GLOBEX_USER));
    expect(globex.map((t) => t.id)).toEqual(['team-globex-storefront']);
    expect(globex[0]?.members.map((m) => m.talentId).sort()).toEqual(['t-13', 't-14', 't-15', 't-16']);
  });

  it('never shows another company’s deal or Jira key through a mis-linked team', async () => {
    const { db } = demo.store;
    const link = (trx: Kysely<Database>, deal: string, project: string) =>
      trx
        .updateTable('teams')
        .set({ deal_id: deal, project_id: project })
        .where('company_id', '=', 'acme')
        .where('id', '=', 'team-acme-mobile')
        .execute();
    // The store refuses the link; the answer joins on the company all the same.
    await expect(link(db, 'globex-d-02', 'acme-wms')).rejects.toThrow(/teams_company_id_deal_id_fkey/);
    await expect(link(db, 'acme-d-05', 'globex-shop')).rejects.toThrow(/teams_company_id_project_id_fkey/);
    await aroundTheKeys(db, (trx) => link(trx, 'globex-d-02', 'globex-shop'));
    try {
      const mobile = (await teamsOf(await demo.signIn(ACME_USER))).find((t) => t.id === 'team-acme-mobile');
      expect(mobile).toMatchObject({ dealId: null, jiraProjectKey: null });
    } finally {
      await aroundTheKeys(db, (trx) => link(trx, 'acme-d-05', 'acme-wms'));
    }
  });
});
