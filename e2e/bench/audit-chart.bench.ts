/**
 * `npm run bench`: the auditors' viewer draws the largest published chart within 1 s of its data
 * (DESIGN.md Budgets), measured BENCH_REPEAT times (default 5) in Chromium: from the moment the
 * flow's published JSON has arrived to the chart in the document (and, without a budget, from
 * the navigation to /auditoria?fluxo=<largest flow>). The unit suite keeps the functional half (the chart is drawn from the data);
 * the figure is a benchmark because it depends on the machine's load, not on the code alone.
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const fromData: number[] = [];
const fromNavigation: number[] = [];

/** The flow with the most states and transitions, read from what the build published. */
function largestFlow(): string {
  const coverage = JSON.parse(readFileSync('dist/auditoria/coverage.json', 'utf8')) as {
    machines: Record<string, { flowId: string; states: { total: number }; transitions: { total: number } }>;
  };
  const [largest] = Object.values(coverage.machines).sort(
    (a, b) => b.states.total + b.transitions.total - (a.states.total + a.transitions.total),
  );
  if (!largest) throw new Error('dist/auditoria/coverage.json lists no flow: run npm run build');
  return largest.flowId;
}

test.describe.configure({ mode: 'serial' });
test.use({ trace: 'off', screenshot: 'off', video: 'off' });

for (let i = 1; i <= REPEAT; i++) {
  test(`/auditoria, largest chart, run ${i} of ${REPEAT}`, async ({ page }) => {
    const flow = largestFlow();
    await page.goto(`/auditoria?fluxo=${flow}`);
    // Polled every animation frame, in the page: the moment the chart is in the document, and
    // when the flow's published JSON finished arriving.
    const drawnAt = await page.waitForFunction(
      () => (document.querySelector('[data-testid="audit-chart"]') ? performance.now() : false),
      undefined,
      { polling: 'raf' },
    );
    const drawn = Number(await drawnAt.jsonValue());
    const dataAt = await page.evaluate(
      (file) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith(file))
          .map((e) => (e as PerformanceResourceTiming).responseEnd)[0] ?? Number.NaN,
      `/flow-${flow}.json`,
    );
    await expect(page.getByTestId('audit-chart')).toBeVisible();
    fromData.push(Math.round(drawn - dataAt));
    fromNavigation.push(Math.round(drawn));
  });
}

test.afterAll(() => {
  if (fromData.length === 0) return;
  const flow = largestFlow();
  const measurements = [
    { name: `/auditoria: ${flow} chart drawn after its data`, unit: 'ms', budget: 1000, samples: fromData },
    {
      name: `/auditoria: ${flow} chart drawn after navigation (no budget)`,
      unit: 'ms',
      samples: fromNavigation,
    },
  ];
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync('reports/bench/audit-chart.json', `${JSON.stringify({ measurements }, null, 2)}\n`);
});
