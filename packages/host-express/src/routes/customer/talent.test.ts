import { routes } from '@client-portal/api-client';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../../store/demo/index.js';
import type { Database } from '../../store/schema.js';
import { ACME_USER, GLOBEX_USER, STAFF_USER, useDemoHost } from '../../test-support/demo-host.js';
import { aroundTheKeys } from '../../test-support/around-the-keys.js';
import { featureStores } from '../../test-support/stores.js';
import { alphabetical } from './crm-values.js';

const bench = Array.from({ length: 11 }, (_, i) => `t-${20 + i}`);

describe.each(featureStores)('talent on $name', (kind) => {
  const demo = useDemoHost(kind);
  const availableTo = async (cookie: string) =>
    routes.talent.response.parse((await demo.get(routes.talent.path, cookie).expect(200)).body);
  const associationsOf = async (cookie: string, contactId: string) =>
    routes.talentAssociations.response.parse(
      (await demo.post(routes.talentAssociations.path, { contactId }, cookie).expect(200)).body,
    );

  it('answers the bench offered to the company, by name, with the distinct specializations', async () => {
    for (const user of [ACME_USER, GLOBEX_USER]) {
      const { talent, uniqueSpecializations } = await availableTo(await demo.signIn(user));
      expect(talent.map((t) => t.id).sort()).toEqual(bench);
      expect(talent.every((t) => t.status === 'Available' && t.projectName === null)).toBe(true);
      const names = talent.map((t) => t.name);
      expect(names).toEqual([...names].sort(alphabetical));
      const distinct = [...new Set(talent.flatMap((t) => t.specializations))].sort(alphabetical);
      expect(uniqueSpecializations).toEqual(distinct);
    }
    const { talent } = await availableTo(await demo.signIn(ACME_USER));
    expect(talent.find((t) => t.id === 't-20')).toMatchObject({
      name: 'Felix Wagner',
      role: 'Platform Engineer',
      seniority: 'Lead',
      specializations: ['AWS', 'Kubernetes', 'Terraform'],
      location: 'Vienna, Austria',
      timezone: 'Europe/Vienna',
      photoUrl: null,
      startDate: null,
      endDate: null,
    });
  });

  it('answers the talent working and having worked with the session contact, Active first', async () => {
    const { talent, uniqueSpecializations } = await associationsOf(
      await demo.signIn(ACME_USER),
      DEMO_FIXTURES.contactId,
    );
    const active = talent.filter((t) => t.status === 'Active').map((t) => t.id);
    const past = talent.filter((t) => t.status === 'Past').map((t) => t.id);
    expect(active.sort()).toEqual(['t-01', 't-02', 't-03', 't-04', 't-05', 't-08']);
    expect(past.sort()).toEqual(['t-09', 't-10', 't-11']);
    expect(talent.findIndex((t) => t.status === 'Past')).toBe(active.length);
    expect(talent.find((t) => t.id === 't-01')).toMatchObject({
      name: 'Marta Brandt',
      status: 'Active',
      projectName: 'Customer Portal Rebuild',
      endDate: null,
    });
    // Worked with Acme without a project.
    expect(talent.find((t) => t.id === 't-11')).toMatchObject({ status: 'Past', projectName: null });
    expect(uniqueSpecializations).toContain('Accessibility');
    expect(uniqueSpecializations).toEqual([...uniqueSpecializations].sort(alphabetical));
  });

  it('shows the same person to each company with that company’s history only', async () => {
    const globex = await associationsOf(await demo.signIn(GLOBEX_USER), DEMO_FIXTURES.foreign.contactId);
    expect(globex.talent.map((t) => t.id).sort()).toEqual([
      't-01',
      't-13',
      't-14',
      't-15',
      't-16',
      't-17',
      't-18',
      't-19',
    ]);
    expect(globex.talent.find((t) => t.id === 't-01')).toMatchObject({
      status: 'Past',
      projectName: 'Data Warehouse Migration',
    });
  });

  it('lists someone assigned twice once, with the current assignment', async () => {
    const { db } = demo.store;
    await db
      .insertInto('talent_assignments')
      .values({
        id: 'ta-extra',
        talent_id: 't-01',
        company_id: 'acme',
        project_id: 'acme-route',
        contact_id: DEMO_FIXTURES.contactId,
        status: 'Past',
        start_date: '2023-01-01',
        end_date: '2023-06-30',
      })
      .execute();
    try {
      const { talent } = await associationsOf(await demo.signIn(ACME_USER), DEMO_FIXTURES.contactId);
      const marta = talent.filter((t) => t.id === 't-01');
      expect(marta).toHaveLength(1);
      expect(marta[0]).toMatchObject({ status: 'Active', projectName: 'Customer Portal Rebuild' });
    } finally {
      await db.deleteFrom('talent_assignments').where('id', '=', 'ta-extra').execute();
    }
  });

  it('never shows another company’s project name through a mis-linked assignment', async () => {
    const { db } = demo.store;
    const row = await db
      .selectFrom('talent_assignments')
      .select(['id', 'project_id'])
      .where('talent_id', '=', 't-02')
      .where('company_id', '=', 'acme')
      .executeTakeFirstOrThrow();
    const link = (trx: Kysely<Database>, project: string | null) =>
      trx
        .updateTable('talent_assignments')
        .set({ project_id: project })
        .where('company_id', '=', 'acme')
        .where('id', '=', row.id)
        .execute();
    // The store refuses the link; the answer joins on the company all the same.
    await expect(link(db, 'globex-shop')).rejects.toThrow(/talent_assignments_company_id_project_id_fkey/);
    await aroundTheKeys(db, (trx) => link(trx, 'globex-shop'));
    try {
      const { talent } = await associationsOf(await demo.signIn(ACME_USER), DEMO_FIXTURES.contactId);
      expect(talent.find((t) => t.id === 't-02')?.projectName).toBeNull();
    } finally {
      await aroundTheKeys(db, (trx) => link(trx, row.project_id));
    }
  });

  it('answers an empty list for a contact nobody works with', async () => {
    const { db } = demo.store;
    await db
      .updateTable('talent_assignments')
      .set({ contact_id: null })
      .where('contact_id', '=', 'acme-c-2')
      .execute();
    const staffed = ['t-06', 't-07', 't-12'];
    try {
      // Staff may look at any Acme contact; acme-c-2 now has nobody.
      const staff = await demo.signIn(STAFF_USER);
      await demo.post('/api/auth/act-as', { companyId: DEMO_FIXTURES.companyId }, staff).expect(200);
      expect(await associationsOf(staff, 'acme-c-2')).toEqual({ talent: [], uniqueSpecializations: [] });
    } finally {
      await db
        .updateTable('talent_assignments')
        .set({ contact_id: 'acme-c-2' })
        .where('company_id', '=', 'acme')
        .where('talent_id', 'in', staffed)
        .execute();
    }
  });
});
