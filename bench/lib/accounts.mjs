// Child process of bench/faults.mjs, on the store the environment names (DATA_DIR or DATABASE_URL, as
// the host reads them). A process of its own because an embedded store can only be opened by one
// process at a time (the host is stopped meanwhile), and PGlite's memory would stay in the bench
// process otherwise. Prints one JSON line.
//
//   node bench/lib/accounts.mjs add        adds BENCH_ACCOUNTS customer accounts of the demo company
//                                          (bench-001@acme.example …, password BENCH_ACCOUNT_PASSWORD):
//                                          the password is hashed once with the host's own
//                                          hashPassword and the rows go in with one statement
//                                          (`client-portal-host user add` 200 times would cost 200
//                                          process starts and 200 scrypt runs) → { inserted, hashMs, ms }
//   node bench/lib/accounts.mjs sessions   counts those accounts' sessions and successful sign-ins
//                                          in the audit log → { sessions, signInAudits }
import { hostDistUrl } from './paths.mjs';
import { benchAccount } from './targets.mjs';

const { ACME, hashPassword, loadConfig, migrateToLatest, openStore } = await import(hostDistUrl);
const command = process.argv[2];

const started = performance.now();
const store = await openStore(loadConfig(process.env).store);
try {
  if (command === 'add') {
    const count = Number(process.env.BENCH_ACCOUNTS);
    const password = process.env.BENCH_ACCOUNT_PASSWORD;
    if (!Number.isInteger(count) || count < 1 || !password) {
      throw new Error('set BENCH_ACCOUNTS (≥ 1) and BENCH_ACCOUNT_PASSWORD');
    }
    await migrateToLatest(store.db);
    const hashStarted = performance.now();
    const hash = await hashPassword(password);
    const hashMs = performance.now() - hashStarted;
    const rows = Array.from({ length: count }, (_, i) => {
      const account = benchAccount(i, ACME);
      return {
        id: account.id,
        email: account.email,
        password_hash: hash,
        display_name: account.name,
        role: 'customer',
        company_id: ACME,
      };
    });
    const result = await store.db
      .insertInto('users')
      .values(rows)
      .onConflict((conflict) => conflict.column('email').doNothing())
      .executeTakeFirst();
    console.log(
      JSON.stringify({
        inserted: Number(result.numInsertedOrUpdatedRows ?? count),
        hashMs: Math.round(hashMs),
        ms: Math.round(performance.now() - started),
      }),
    );
  } else if (command === 'sessions') {
    const pattern = benchAccount(0, ACME).email.replace(/^bench-\d+@/, 'bench-%@');
    const sessions = await store.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .where('users.email', 'like', pattern)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const audits = await store.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.actor_user_id')
      .where('users.email', 'like', pattern)
      .where('audit_log.action', '=', 'auth.sign_in')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    console.log(JSON.stringify({ sessions: Number(sessions.n), signInAudits: Number(audits.n) }));
  } else {
    throw new Error(`unknown command "${command}" (expected add or sessions)`);
  }
} finally {
  await store.close();
}
