import { type LoadResult } from './load';

/** The targets every read endpoint must meet at full scale. */
export const TARGETS = { p99Ms: 50, minBaselineShare: 0.35, maxP99Growth: 1.5 } as const;

/** The flash crowd's targets: the hot pin keeps most of the spread pins' pace, and answers fast. */
export const CONTENTION_TARGETS = { minHotShare: 0.7, hotP99Ms: 300 } as const;

/** One contention run: every claimer claims once, on one pin or on pins of their own. */
export type ClaimRun = {
  pins: number;
  /** Cards of each pin. */
  quantity: number;
  attempts: number;
  /** Answered 201 with a card. */
  created: number;
  /** Answered 409 (sold out). */
  refused: number;
  errors: number;
  claimsPerSecond: number;
  p50: number;
  p99: number;
  /** Cards that exist for the run's pins, and cards the pins have left. */
  cards: number;
  remaining: number;
  /** Every entry balanced, every balance its entries' sum, and the pins' value all accounted for. */
  ledgerBalanced: boolean;
};

export type Contention = {
  claimers: number;
  /** Claims in flight at once. */
  connections: number;
  hot: ClaimRun;
  spread: ClaimRun;
};

/** Reports written before the spread run: one pin, half as many cards as claims. */
export type LegacyContention = {
  quantity: number;
  attempts: number;
  cards: number;
  remaining: number;
  created: number;
  refused: number;
};

export type BenchReport = {
  date: string;
  scale: 'small' | 'full';
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; postgres: string };
  connections: number;
  durationSeconds: number;
  rows: unknown;
  seeding: Record<string, number> | null;
  startUp: { freshMs: number; existingMs: number };
  results: LoadResult[];
  contention: Contention | LegacyContention | null;
};

export type Verdict = { endpoint: string; problems: string[] };

/** What misses a target: p99, share of the baseline, errors, and growth from the other scale. */
export function judge(report: BenchReport, other: BenchReport | null): Verdict[] {
  const baseline = report.results.find((result) => result.kind === 'baseline');
  return report.results
    .filter((result) => result.kind !== 'baseline')
    .map((result) => {
      const problems: string[] = [];
      if (result.errors > 0) problems.push(`${result.errors} errors`);
      if (result.kind === 'read') {
        if (result.p99 > TARGETS.p99Ms) problems.push(`p99 ${result.p99} ms`);
        const share = baseline ? result.requestsPerSecond / baseline.requestsPerSecond : 1;
        if (share < TARGETS.minBaselineShare) problems.push(`${percent(share)} of baseline`);
        const growth = p99Growth(report, other, result.name);
        if (growth !== null && growth > TARGETS.maxP99Growth) {
          problems.push(`p99 grew ${growth.toFixed(2)}×`);
        }
      }
      return { endpoint: result.name, problems };
    });
}

/** p99 at full scale over p99 at small scale, whichever of the two `report` is. */
function p99Growth(report: BenchReport, other: BenchReport | null, name: string): number | null {
  const mine = report.results.find((result) => result.name === name);
  const theirs = other?.results.find((result) => result.name === name);
  if (!mine || !theirs || !other || other.scale === report.scale) return null;
  const [full, small] = report.scale === 'full' ? [mine, theirs] : [theirs, mine];
  return full.p99 / Math.max(small.p99, 1);
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

export function formatReport(report: BenchReport, other: BenchReport | null): string {
  const baseline = report.results.find((result) => result.kind === 'baseline');
  const verdicts = new Map(judge(report, other).map((verdict) => [verdict.endpoint, verdict]));
  const { machine } = report;
  const lines = [
    `### ${report.date}, ${report.scale} scale`,
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, ` +
      `Postgres ${machine.postgres}; server, Postgres and autocannon on the same machine. ` +
      `${report.connections} connections, ${report.durationSeconds} s per endpoint after a 2 s warm-up.`,
    '',
  ];
  if (report.seeding) {
    lines.push(`Seeding: ${((report.seeding.totalMs ?? 0) / 1000).toFixed(0)} s.`);
  }
  lines.push(
    `Start-up (\`npm start\`, embedded database): ${(report.startUp.freshMs / 1000).toFixed(1)} s on a fresh ` +
      `DATA_DIR (store catalogue included), ${(report.startUp.existingMs / 1000).toFixed(1)} s on an existing one.`,
    '',
    `| endpoint | kind | req/s | p50 ms | p99 ms | errors | vs baseline | p99 growth small→full | verdict |`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |`,
  );
  for (const result of report.results) {
    const share = baseline ? result.requestsPerSecond / baseline.requestsPerSecond : null;
    const growth = p99Growth(report, other, result.name);
    const verdict = verdicts.get(result.name);
    const judged =
      result.kind === 'baseline'
        ? ''
        : verdict && verdict.problems.length > 0
          ? `miss: ${verdict.problems.join(', ')}`
          : 'ok';
    lines.push(
      `| ${result.name} | ${result.kind} | ${Math.round(result.requestsPerSecond)} | ${result.p50} | ` +
        `${result.p99} | ${result.errors} | ${share === null ? '' : percent(share)} | ` +
        `${growth === null ? '' : `${growth.toFixed(2)}×`} | ${judged} |`,
    );
  }
  if (report.contention) lines.push('', ...formatContention(report.contention));
  lines.push('');
  return lines.join('\n');
}

/** What misses a flash-crowd target: exact cards and refusals, a balanced ledger, pace and p99. */
export function judgeContention(c: Contention): string[] {
  const problems: string[] = [];
  const share = c.hot.claimsPerSecond / Math.max(c.spread.claimsPerSecond, 0.001);
  if (share < CONTENTION_TARGETS.minHotShare)
    problems.push(`hot pin at ${percent(share)} of spread`);
  if (c.hot.p99 > CONTENTION_TARGETS.hotP99Ms) problems.push(`hot p99 ${c.hot.p99} ms`);
  for (const [name, run] of [
    ['hot', c.hot],
    ['spread', c.spread],
  ] as const) {
    const cards = Math.min(run.attempts, run.pins * run.quantity);
    if (run.errors > 0) problems.push(`${name}: ${run.errors} errors`);
    if (run.cards !== cards || run.created !== cards) {
      problems.push(`${name}: ${run.cards} cards (${run.created} answered) for ${cards}`);
    }
    if (run.refused !== run.attempts - cards) {
      problems.push(`${name}: ${run.refused} told sold out for ${run.attempts - cards}`);
    }
    if (!run.ledgerBalanced) problems.push(`${name}: ledger not balanced`);
  }
  return problems;
}

function formatContention(c: Contention | LegacyContention): string[] {
  if (!('hot' in c)) {
    return [
      `Contention: ${c.attempts} consumers claimed one pin of ${c.quantity} cards at once: ${c.created} got a ` +
        `card (${c.cards} cards exist, ${c.remaining} left), ${c.refused} were told it is sold out.`,
    ];
  }
  const problems = judgeContention(c);
  const share = c.hot.claimsPerSecond / Math.max(c.spread.claimsPerSecond, 0.001);
  const row = (name: string, run: ClaimRun) =>
    `| ${name} | ${Math.round(run.claimsPerSecond)} | ${run.p50} | ${run.p99} | ${run.created} | ` +
    `${run.refused} | ${run.cards} | ${run.remaining} | ${run.errors} | ${run.ledgerBalanced ? 'yes' : 'NO'} |`;
  return [
    `Flash crowd: ${c.claimers.toLocaleString('en-US')} signed-in consumers, ${c.connections} claims in ` +
      `flight at once; first all on one pin of ${c.hot.quantity} cards, then the same consumers on ` +
      `${c.spread.pins.toLocaleString('en-US')} pins of one card, one each.`,
    '',
    '| run | claims/s | p50 ms | p99 ms | cards answered | sold out | cards exist | cards left | errors | ledger balanced |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    row('one hot pin', c.hot),
    row(`${c.spread.pins.toLocaleString('en-US')} pins`, c.spread),
    '',
    `Hot pin at ${percent(share)} of the spread pace (target ≥ ${percent(CONTENTION_TARGETS.minHotShare)}), ` +
      `hot p99 ${c.hot.p99} ms (target ≤ ${CONTENTION_TARGETS.hotP99Ms} ms): ` +
      `${problems.length === 0 ? 'ok' : `miss: ${problems.join(', ')}`}.`,
  ];
}
