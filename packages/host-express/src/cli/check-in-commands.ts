import type { HostConfig } from '../config/index.js';
import {
  addCheckInTemplate,
  CHECK_IN_INTERVALS,
  CheckInTemplateError,
  listCheckInTemplates,
} from '../requests/check-ins.js';
import { migrateToLatest } from '../store/index.js';
import { CliError, type CliIo, say } from './io.js';
import { withStore } from './store-commands.js';

/** `client-portal-host check-ins add|list`: a company's recurring check-ins (a quarterly review…). */

export interface AddCheckInInput {
  company: string;
  title: string;
  every: string;
  from: string;
  type?: string | undefined;
}

export async function addCheckInCommand(
  config: HostConfig,
  io: CliIo,
  input: AddCheckInInput,
): Promise<void> {
  const every = Number(input.every.trim());
  if (!(CHECK_IN_INTERVALS as readonly number[]).includes(every)) {
    throw new CliError(`--every must be ${CHECK_IN_INTERVALS.join(', ')} (months; got "${input.every}").`, 2);
  }
  await withStore(config, async (store) => {
    await migrateToLatest(store.db);
    try {
      const template = await addCheckInTemplate(store.db, {
        companyId: input.company.trim(),
        title: input.title,
        everyMonths: every,
        from: input.from.trim(),
        ...(input.type ? { type: input.type.trim() } : {}),
      });
      say(
        io,
        `Added ${template.id}: “${template.title}” for ${template.companyId} every ${template.everyMonths} month${
          template.everyMonths === 1 ? '' : 's'
        }, first on ${template.nextOn} (the requests' schedule opens it).`,
      );
    } catch (error) {
      if (error instanceof CheckInTemplateError) throw new CliError(error.message, 2);
      throw error;
    }
  });
}

export async function listCheckInsCommand(
  config: HostConfig,
  io: CliIo,
  input: { company?: string | undefined },
): Promise<void> {
  await withStore(config, async (store) => {
    await migrateToLatest(store.db);
    const templates = await listCheckInTemplates(store.db, input.company?.trim());
    if (templates.length === 0) {
      say(io, 'No recurring check-ins. Add one with `client-portal-host check-ins add`.');
      return;
    }
    for (const t of templates) {
      say(
        io,
        `${t.id}  ${t.companyId}  “${t.title}” (${t.type})  every ${t.everyMonths} mo  next ${t.nextOn}${
          t.active ? '' : '  (stopped)'
        }`,
      );
    }
  });
}
