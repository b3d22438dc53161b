import { resolveAnalyticsRange } from '../analytics-range.js';
import type { DoraBenchmark, DoraGrain, DoraMetric } from '../schemas/dora.js';
import { type DoraEventList, doraEventList } from '../schemas/dora-events.js';
import { doraMetricsFromHistory } from './fixtures/dora.js';
import { json, type MockReply, notFound } from './replies.js';
import type { MockRequest } from './route-mocks.js';

// The DORA routes of the mock backend: the answer and its drill-down, from the fixtures' days
// through the same roll-up as the host.

const NOT_FOUND = 'No such project for this company.';
const range = (req: MockRequest) => resolveAnalyticsRange(req.query, req.fixtures.now);

function doraQuery(req: MockRequest) {
  return {
    ...req.query,
    grain: req.query.grain as DoraGrain | undefined,
    benchmark: req.query.benchmark as DoraBenchmark | undefined,
  };
}

export const doraMock = {
  success: (req: MockRequest): MockReply => {
    const metrics = req.fixtures.dora(req.query.projectKey ?? '', doraQuery(req));
    return metrics ? json(metrics) : notFound(NOT_FOUND);
  },
  /** A known project with no events: zeros, null medians and no tiers. */
  empty: (req: MockRequest): MockReply => {
    const key = req.query.projectKey ?? '';
    const r = range(req);
    if (!r || !req.fixtures.dora(key)) return notFound(NOT_FOUND);
    const query = doraQuery(req);
    return json(doraMetricsFromHistory(key, new Map(), r, query.grain ?? 'week', query.benchmark));
  },
};

function doraEvents(req: MockRequest, empty: boolean): MockReply {
  const metric = req.params.metric as DoraMetric;
  const list = doraEventList(metric, req.query.list as DoraEventList | undefined);
  if (list === null) {
    return {
      type: 'problem',
      status: 400,
      title: 'Bad Request',
      detail: 'The query string is invalid.',
      errors: [{ path: 'list', message: `is not a list of ${metric}` }],
    };
  }
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const page = req.fixtures.doraEvents(req.params.projectKey ?? '', metric, {
    ...req.query,
    list,
    page: number(req.query.page),
    pageSize: number(req.query.pageSize),
  });
  if (!page) return notFound(NOT_FOUND);
  return json(empty ? { ...page, total: 0, nextPage: null, rows: [] } : page);
}

export const doraEventsMock = {
  success: (req: MockRequest) => doraEvents(req, false),
  empty: (req: MockRequest) => doraEvents(req, true),
};
