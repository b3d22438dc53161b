import {
  DEFAULT_DORA_BENCHMARK,
  DEFAULT_DORA_GRAIN,
  DORA_BENCHMARKS,
  DORA_GRAINS,
  type DateRange,
  type DoraBenchmark,
  type DoraGrain,
  PROJECT_KEY_PATTERN,
} from '@client-portal/api-client';
import { validRange } from '../../panels/dora/doraRange.js';

/**
 * The Projects page's state in its query string,
 * `/services/projects?project=PORTAL&from=2026-01-01&to=2026-03-31&grain=month&benchmark=2021`, so
 * a reload or a shared link shows the same project, range, grain and report year. Whatever a link
 * carries that the API would refuse falls back to the default (never an error page).
 */

export const DEFAULT_GRAIN: DoraGrain = DEFAULT_DORA_GRAIN;

export interface ProjectsAddress {
  /** The project asked for; whether the customer may see it is decided against the visible list. */
  project: string | undefined;
  /** Both ends, as the API accepts them; undefined for the default (the last 90 days). */
  range: DateRange | undefined;
  grain: DoraGrain;
  benchmark: DoraBenchmark;
}

export function projectKeyOf(value: string | null | undefined): string | undefined {
  const key = (value ?? '').trim();
  return PROJECT_KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * A range the analytics routes accept: two real dates from 2000-01-01 to 2099-12-31, `from` not
 * after `to`, at most MAX_RANGE_DAYS days. Anything else (one end, a reversed or too long range,
 * 2026-02-30) is null, so the page shows the default range.
 */
export const rangeOf = (from: string | null | undefined, to: string | null | undefined): DateRange | null =>
  validRange(from, to);

export function grainOf(value: string | null | undefined): DoraGrain {
  const grain = (value ?? '').trim().toLowerCase();
  return DORA_GRAINS.find((g) => g === grain) ?? DEFAULT_GRAIN;
}

/** `2021`, `dora-2021` (any case) → dora-2021; anything else the default report year (2023). */
export function benchmarkOf(value: string | null | undefined): DoraBenchmark {
  const text = (value ?? '').trim().toLowerCase();
  const named = text.startsWith('dora-') ? text : `dora-${text}`;
  return DORA_BENCHMARKS.find((b) => b === named) ?? DEFAULT_DORA_BENCHMARK;
}

/** The report year a benchmark names ("2023"), for labels and the address. */
export const benchmarkYear = (benchmark: DoraBenchmark) => benchmark.replace('dora-', '');

export function projectsAddressOf(search: string | URLSearchParams): ProjectsAddress {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    project: projectKeyOf(params.get('project')),
    range: rangeOf(params.get('from'), params.get('to')) ?? undefined,
    grain: grainOf(params.get('grain')),
    benchmark: benchmarkOf(params.get('benchmark')),
  };
}

/** The query string (without '?'): the project, then only what differs from the defaults. */
export function projectsSearch(address: ProjectsAddress): string {
  const params = new URLSearchParams();
  const project = projectKeyOf(address.project);
  if (project) params.set('project', project);
  const range = address.range && rangeOf(address.range.from, address.range.to);
  if (range) {
    params.set('from', range.from);
    params.set('to', range.to);
  }
  if (address.grain !== DEFAULT_GRAIN) params.set('grain', address.grain);
  if (address.benchmark !== DEFAULT_DORA_BENCHMARK) params.set('benchmark', benchmarkYear(address.benchmark));
  return params.toString();
}

/**
 * The project to show: the one asked for when the customer may see it, else the first visible one.
 * `unknown` says a link asked for a project that is not (or no longer) theirs, so the page can say
 * which project it shows instead.
 */
export function chooseProject(
  requested: string | undefined,
  visibleKeys: readonly string[],
): { key: string | undefined; unknown: boolean } {
  if (requested && visibleKeys.includes(requested)) return { key: requested, unknown: false };
  return { key: visibleKeys[0], unknown: requested !== undefined };
}
