import { account } from './en/account.js';
import { aiAgents } from './en/aiAgents.js';
import { aiUsage } from './en/aiUsage.js';
import { base } from './en/base.js';
import { dashboard } from './en/dashboard.js';
import { dora } from './en/dora.js';
import { github } from './en/github.js';
import { home } from './en/home.js';
import { knowledgeBase } from './en/knowledgeBase.js';
import { myTeams } from './en/myTeams.js';
import { profile } from './en/profile.js';
import { projects } from './en/projects.js';
import { requestForm } from './en/requestForm.js';
import { requestLabels } from './en/requestLabels.js';
import { requestLinks } from './en/requestLinks.js';
import { requests } from './en/requests.js';
import { staff } from './en/staff.js';
import { requestDetail } from './en/requestDetail.js';
import { staffQueue } from './en/staffQueue.js';
import { talent } from './en/talent.js';

/**
 * The English catalogue: every string the portal shows. Other catalogues (ar, de) have the same
 * keys; a host overrides any of them with the `messages` option. `{name}` is replaced by a value.
 * Kept in parts (./en/), each travelling in the chunk that shows it: the base in the entry, a page's
 * part with the page (english.ts).
 */
export const en = {
  ...base,
  ...dashboard,
  ...home,
  ...projects,
  ...dora,
  ...github,
  ...aiUsage,
  ...aiAgents,
  ...account,
  ...talent,
  ...knowledgeBase,
  ...myTeams,
  ...profile,
  ...staff,
  ...requestDetail,
  ...staffQueue,
  ...requests,
  ...requestLinks,
  ...requestLabels,
  ...requestForm,
};

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
