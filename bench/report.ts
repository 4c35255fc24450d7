import { type LoadResult } from './load';

/** The targets every read endpoint must meet at full scale. */
export const TARGETS = { p99Ms: 50, minBaselineShare: 0.35, maxP99Growth: 1.5 } as const;

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
  contention: {
    quantity: number;
    attempts: number;
    cards: number;
    remaining: number;
    created: number;
    refused: number;
  } | null;
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
  if (report.contention) {
    const c = report.contention;
    lines.push(
      '',
      `Contention: ${c.attempts} consumers claimed one pin of ${c.quantity} cards at once: ${c.created} got a ` +
        `card (${c.cards} cards exist, ${c.remaining} left), ${c.refused} were told it is sold out.`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
