import type { Kysely } from 'kysely';
import type { PortalIdentity } from '../auth/identity.js';
import type { CallerScope } from '../routes/scope.js';
import type { Database } from '../store/schema.js';
import type { Actor } from './status.js';

// Who acts on the requests, from the session only: a customer of their own company (and whether
// they are its admin, read from the users row on every request, so a grant or a revocation takes
// effect at once), or provider staff acting for the company they chose (or for none: the queue).

/** The actor of a data route (after `requireCompany`). */
export async function actorOf(db: Kysely<Database>, scope: CallerScope): Promise<Actor> {
  if (scope.role === 'staff') return { kind: 'staff', userId: scope.userId, actingFor: scope.companyId };
  const user = await db
    .selectFrom('users')
    .select('company_admin')
    .where('id', '=', scope.userId)
    .where('role', '=', 'customer')
    .where((eb) => eb.or([eb('company_id', '=', scope.companyId), eb('company_id', 'is', null)]))
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return {
    kind: 'customer',
    userId: scope.userId,
    companyId: scope.companyId,
    admin: user?.company_admin === true,
  };
}

/** Provider staff from the session, whether or not they act for a company (the staff queue). */
export function staffActorOf(identity: PortalIdentity): Actor | null {
  return identity.role === 'staff'
    ? { kind: 'staff', userId: identity.userId, actingFor: identity.companyId }
    : null;
}
