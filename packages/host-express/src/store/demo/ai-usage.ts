import { createHash } from 'node:crypto';
import type { AiUsageBreakdown, AiUsageBreakdownRow, AiUsageDailyTable, NewRow } from '../schema.js';
import { ACME, GLOBEX } from './crm.js';
import { type DemoRandom, demoRandom } from './random.js';
import { githubLogin } from './talent.js';
import { daysAgo, dayFrom } from './time.js';

type Tool = AiUsageDailyTable['tool'];

interface ToolPlan {
  companyId: string;
  projectId: string;
  tool: Tool;
  scope: NewRow<'ai_tool_scopes'>['scope_kind'];
  scopeName: string;
  seats: number;
  users: number[];
}

/** PORTAL uses all three assistants, ROUTE only Copilot, SHOP Copilot and Cursor, FLEET none. */
const PLANS: ToolPlan[] = [
  {
    companyId: ACME,
    projectId: 'acme-portal',
    tool: 'windsurf',
    scope: 'group',
    scopeName: 'acme-portal-team',
    seats: 8,
    users: [1, 2, 3, 4, 9],
  },
  {
    companyId: ACME,
    projectId: 'acme-portal',
    tool: 'copilot',
    scope: 'organisation',
    scopeName: 'acme-corp',
    seats: 12,
    users: [1, 2, 3, 4, 11, 12],
  },
  {
    companyId: ACME,
    projectId: 'acme-portal',
    tool: 'cursor',
    scope: 'team',
    scopeName: 'Acme Portal',
    seats: 6,
    users: [1, 3, 4],
  },
  {
    companyId: ACME,
    projectId: 'acme-route',
    tool: 'copilot',
    scope: 'team',
    scopeName: 'acme-labs/routing',
    seats: 6,
    users: [5, 6, 7, 10],
  },
  {
    companyId: GLOBEX,
    projectId: 'globex-shop',
    tool: 'copilot',
    scope: 'organisation',
    scopeName: 'globex-digital',
    seats: 10,
    users: [13, 14, 15, 16, 18],
  },
  {
    companyId: GLOBEX,
    projectId: 'globex-shop',
    tool: 'cursor',
    scope: 'team',
    scopeName: 'Globex Storefront',
    seats: 7,
    users: [13, 15, 16],
  },
];

/** Days of history; tools publish with a day's delay, so the last day is yesterday. */
export const AI_USAGE_DAYS = 120;

const LANGUAGES = [
  ['TypeScript', 0.5],
  ['Python', 0.2],
  ['Go', 0.15],
  ['SQL', 0.1],
  ['Markdown', 0.05],
] as const;
const IDES = [
  ['VS Code', 0.6],
  ['JetBrains', 0.3],
  ['Neovim', 0.1],
] as const;
const MODELS: Record<Tool, readonly (readonly [string, number])[]> = {
  windsurf: [
    ['SWE-1', 0.6],
    ['Claude Sonnet', 0.4],
  ],
  copilot: [
    ['GPT-4.1', 0.5],
    ['Claude Sonnet', 0.3],
    ['Gemini Pro', 0.2],
  ],
  cursor: [
    ['Claude Sonnet', 0.55],
    ['GPT-5', 0.45],
  ],
};

export function aiToolScopes(now: Date): NewRow<'ai_tool_scopes'>[] {
  return PLANS.map((plan) => ({
    company_id: plan.companyId,
    project_id: plan.projectId,
    tool: plan.tool,
    scope_kind: plan.scope,
    scope_name: plan.scopeName,
    seats: plan.seats,
    data_through: dayFrom(now, -1),
  }));
}

type Counters = Pick<
  AiUsageDailyTable,
  | 'suggestions'
  | 'acceptances'
  | 'lines_suggested'
  | 'lines_accepted'
  | 'chat_requests'
  | 'agent_requests'
  | 'cli_requests'
>;

/**
 * Per-user rows (user_key = a hash of the login) and the tool's aggregate row ('*', with the
 * breakdowns) for every day; counters a tool does not report are null
 * (Windsurf: suggestions; Cursor: lines suggested; Copilot: agent requests; all but Copilot: CLI).
 */
export function aiUsageDaily(now: Date): NewRow<'ai_usage_daily'>[] {
  const rows: NewRow<'ai_usage_daily'>[] = [];
  for (const plan of PLANS) {
    const random = demoRandom(`ai:${plan.projectId}:${plan.tool}`);
    // A stream of its own for the CLI, so storing it left every other figure as it was.
    const cli = demoRandom(`ai-cli:${plan.projectId}:${plan.tool}`);
    for (let back = AI_USAGE_DAYS; back >= 1; back--) {
      const date = daysAgo(now, back, 0);
      const day = date.toISOString().slice(0, 10);
      const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
      // Adoption grows over the period.
      const adoption = 0.55 + 0.35 * (1 - back / AI_USAGE_DAYS);
      const base = { company_id: plan.companyId, project_id: plan.projectId, tool: plan.tool, day };
      const users: Counters[] = [];
      for (const user of plan.users) {
        if (!random.chance(weekend ? 0.08 : adoption)) continue;
        const counters = userDay(random, cli, plan.tool);
        users.push(counters);
        rows.push({ ...base, user_key: userKey(user), active_users: 1, ...counters });
      }
      const total = sum(users, plan.tool);
      rows.push({
        ...base,
        user_key: '*',
        active_users: users.length,
        ...total,
        breakdown: JSON.stringify(breakdown(random, total, plan.tool)),
      });
    }
  }
  return rows;
}

function userDay(random: DemoRandom, cli: DemoRandom, tool: Tool): Counters {
  const shown = random.poisson(110);
  const rate = tool === 'cursor' ? 0.34 : 0.29;
  const acceptances =
    tool === 'windsurf' ? random.poisson(38) : Math.round(shown * rate * (0.8 + 0.4 * random.next()));
  return {
    suggestions: tool === 'windsurf' ? null : shown,
    acceptances,
    lines_suggested:
      tool === 'cursor' ? null : Math.round((tool === 'windsurf' ? acceptances * 3.1 : shown) * 1.9),
    lines_accepted: Math.round(acceptances * (1.5 + random.next())),
    chat_requests: random.poisson(7),
    agent_requests: tool === 'copilot' ? null : random.poisson(tool === 'windsurf' ? 9 : 5),
    // Copilot's CLI: a few prompts a day from those who use it in the terminal; no other tool reports it.
    cli_requests: tool === 'copilot' ? (cli.chance(0.4) ? cli.poisson(4) : 0) : null,
  };
}

function sum(users: Counters[], tool: Tool): Counters {
  const add = (key: keyof Counters) => users.reduce((total, u) => total + (u[key] ?? 0), 0);
  return {
    suggestions: tool === 'windsurf' ? null : add('suggestions'),
    acceptances: add('acceptances'),
    lines_suggested: tool === 'cursor' ? null : add('lines_suggested'),
    lines_accepted: add('lines_accepted'),
    chat_requests: add('chat_requests'),
    agent_requests: tool === 'copilot' ? null : add('agent_requests'),
    cli_requests: tool === 'copilot' ? add('cli_requests') : null,
  };
}

function breakdown(random: DemoRandom, total: Counters, tool: Tool): AiUsageBreakdown {
  const split = (weights: readonly (readonly [string, number])[]): AiUsageBreakdownRow[] =>
    weights.map(([name, weight]) => {
      const share = weight * (0.85 + 0.3 * random.next());
      return {
        name,
        suggestions: total.suggestions === null ? null : Math.round(total.suggestions * share),
        acceptances: Math.round((total.acceptances ?? 0) * share),
        linesAccepted: Math.round((total.lines_accepted ?? 0) * share),
      };
    });
  return { language: split(LANGUAGES), ide: split(IDES), model: split(MODELS[tool]) };
}

/** Tools identify users by login or email; the store keeps only a hash. */
function userKey(talent: number): string {
  return createHash('sha256').update(githubLogin(talent)).digest('hex').slice(0, 16);
}
