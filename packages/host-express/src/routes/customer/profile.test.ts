import { routes } from '@client-portal/api-client';
import { describe, expect, it } from 'vitest';
import { forgetCachedSessions } from '../../auth/session-cache.js';
import { DEFAULT_HOME_LIFECYCLE_STAGE } from '../../config/index.js';
import { DEMO_FIXTURES } from '../../store/demo/index.js';
import { ACME_USER, GLOBEX_USER, STAFF_USER, useDemoHost } from '../../test-support/demo-host.js';
import { featureStores } from '../../test-support/stores.js';

describe.each(featureStores)('profile and account manager on $name', (kind) => {
  const demo = useDemoHost(kind);
  const profileOf = async (cookie: string) =>
    routes.profile.response.parse((await demo.post(routes.profile.path, {}, cookie).expect(200)).body)
      .profile;
  const accountManagerOf = async (cookie: string) =>
    routes.accountManager.response.parse(
      (await demo.get(routes.accountManager.path, cookie).expect(200)).body,
    ).accountManager;

  it('answers the session contact and company, with the CRM properties the portal reads', async () => {
    const acme = await profileOf(await demo.signIn(ACME_USER));
    expect(acme.contact).toEqual({
      id: DEMO_FIXTURES.contactId,
      name: 'Alex Carter',
      firstName: 'Alex',
      lastName: 'Carter',
      email: ACME_USER,
      phone: null,
      jobTitle: 'Head of Engineering',
      properties: {
        lifecyclestage: DEFAULT_HOME_LIFECYCLE_STAGE,
        hubspot_owner_id: 'am-jordan-ellis',
        // Other raw CRM properties pass through.
        hs_lead_status: 'CONNECTED',
        preferred_language: 'en',
      },
    });
    expect(acme.company).toMatchObject({ id: DEMO_FIXTURES.companyId, name: 'Acme Corporation' });
    expect(acme.company.companyLogo).toMatch(/^data:image\/svg\+xml;base64,/);

    const globex = await profileOf(await demo.signIn(GLOBEX_USER));
    expect(globex.contact.id).toBe(DEMO_FIXTURES.foreign.contactId);
    expect(globex.contact.properties.lifecyclestage).toBe('customer');
    expect(globex.company).toEqual({
      id: DEMO_FIXTURES.foreign.companyId,
      name: 'Globex Industries',
      domain: 'globex.example',
      companyLogo: null,
    });
  });

  it('lets the lifecycle stage column win over a stale copy in the raw properties', async () => {
    const { db } = demo.store;
    await db
      .updateTable('contacts')
      .set({ properties: JSON.stringify({ lifecyclestage: 'lead', hs_lead_status: 'NEW' }) })
      .where('id', '=', DEMO_FIXTURES.contactId)
      .execute();
    try {
      const { contact } = await profileOf(await demo.signIn(ACME_USER));
      expect(contact.properties).toMatchObject({
        lifecyclestage: DEFAULT_HOME_LIFECYCLE_STAGE,
        hs_lead_status: 'NEW',
      });
    } finally {
      await db
        .updateTable('contacts')
        .set({ properties: JSON.stringify({ hs_lead_status: 'CONNECTED', preferred_language: 'en' }) })
        .where('id', '=', DEMO_FIXTURES.contactId)
        .execute();
    }
  });

  it('shows no logo rather than one the portal must not render', async () => {
    const { db } = demo.store;
    const logo = await db
      .selectFrom('companies')
      .select('logo_url')
      .where('id', '=', 'acme')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('companies')
      .set({ logo_url: 'javascript:alert(1)' })
      .where('id', '=', 'acme')
      .execute();
    try {
      expect((await profileOf(await demo.signIn(ACME_USER))).company.companyLogo).toBeNull();
    } finally {
      await db.updateTable('companies').set({ logo_url: logo.logo_url }).where('id', '=', 'acme').execute();
    }
  });

  it('answers 404 to a customer account without a CRM contact', async () => {
    const { db } = demo.store;
    const cookie = await demo.signIn(GLOBEX_USER);
    await db.updateTable('users').set({ contact_id: null }).where('email', '=', GLOBEX_USER).execute();
    // Changed behind the host's back: its session cache would serve the old contact for a few seconds.
    forgetCachedSessions(db);
    try {
      const res = await demo.post(routes.profile.path, {}, cookie);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    } finally {
      await db
        .updateTable('users')
        .set({ contact_id: DEMO_FIXTURES.foreign.contactId })
        .where('email', '=', GLOBEX_USER)
        .execute();
      forgetCachedSessions(db);
    }
  });

  it('shows staff the company they act for through its first contact', async () => {
    const staff = await demo.signIn(STAFF_USER);
    await demo.post('/api/auth/act-as', { companyId: DEMO_FIXTURES.companyId }, staff).expect(200);
    const profile = await profileOf(staff);
    expect(profile.contact.id).toBe(DEMO_FIXTURES.contactId);
    expect(profile.company.id).toBe(DEMO_FIXTURES.companyId);
  });

  it('answers the contact’s owner, else the company’s default account manager, else null', async () => {
    const { db } = demo.store;
    const acme = await demo.signIn(ACME_USER);
    expect(await accountManagerOf(acme)).toEqual({
      id: 'am-jordan-ellis',
      name: 'Jordan Ellis',
      email: 'jordan.ellis@provider.example',
      title: 'Senior Account Manager',
      phone: '+44 20 7946 0101',
      photoUrl: null,
      bookingUrl: 'https://meetings.hubspot.com/jordan-ellis',
    });
    expect((await accountManagerOf(await demo.signIn(GLOBEX_USER)))?.id).toBe('am-priya-raman');

    const setOwner = (ownerId: string | null) =>
      db
        .updateTable('contacts')
        .set({ owner_id: ownerId })
        .where('id', '=', DEMO_FIXTURES.contactId)
        .execute();
    const setDefault = (managerId: string | null) =>
      db.updateTable('companies').set({ account_manager_id: managerId }).where('id', '=', 'acme').execute();
    try {
      // The contact's own owner wins over the company's default (Jordan Ellis).
      await setOwner('am-priya-raman');
      expect((await accountManagerOf(acme))?.id).toBe('am-priya-raman');
      await setOwner(null);
      expect((await accountManagerOf(acme))?.id).toBe('am-jordan-ellis');
      await setDefault(null);
      expect(await accountManagerOf(acme)).toBeNull();
    } finally {
      await setOwner('am-jordan-ellis');
      await setDefault('am-jordan-ellis');
    }
  });

  it('answers staff with the default account manager of the company they act for', async () => {
    const staff = await demo.signIn(STAFF_USER);
    await demo.post('/api/auth/act-as', { companyId: DEMO_FIXTURES.foreign.companyId }, staff).expect(200);
    expect((await accountManagerOf(staff))?.id).toBe('am-priya-raman');
  });
});
