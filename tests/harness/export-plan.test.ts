import { describe, expect, it } from 'vitest';
import { exportPlans, type FlowPlan } from '../../machines/harness/export-plan';
import { generatePaths } from '../../machines/harness/generate';
import { signInEntry } from './fixtures';

const plans: FlowPlan[] = [
  {
    entry: signInEntry,
    strategy: 'shortest',
    paths: generatePaths(signInEntry, { strategy: 'shortest' }).paths,
  },
];

describe('QA plan export', () => {
  it('Markdown: readable Portuguese steps with labels, rules and the replay command', () => {
    const md = exportPlans(plans, 'md');
    expect(md).toContain('# Plano de testes — Entrar (fixture) (`sign-in`)');
    expect(md).toContain('## Caminho 1 — `sign-in.s.');
    expect(md).toContain('**Usuário**: Clica em Entrar');
    expect(md).toContain('espera **Entrando**');
    expect(md).toContain('**Sistema**: Credenciais inválidas [login]');
    expect(md).toContain('**Tempo**: Espera 1,8 s e volta ao início');
    expect(md).toContain('_(fixture.md §1 Sign in)_');
    expect(md).toMatch(/npx playwright test e2e\/paths\.spec\.ts -g "sign-in\.s\.[0-9a-f]{8}"/);
  });

  it('CSV: one row per step, ; separated, quoted when needed, UTF-8 BOM', () => {
    const csv = exportPlans(plans, 'csv');
    expect(csv.startsWith('\uFEFFfluxo;caminho;passo;')).toBe(true);
    const rows = csv.slice(1).trim().split('\r\n');
    expect(rows.length).toBe(1 + plans[0]!.paths.reduce((n, p) => n + p.steps.length, 0));
    for (const row of rows.slice(1)) expect(row.split(';').length).toBeGreaterThanOrEqual(10);
  });

  it('JSON: structured plan with expected states', () => {
    const data = JSON.parse(exportPlans(plans, 'json')) as Array<{
      flow: string;
      paths: Array<{ id: string; steps: Array<{ who: string; expected: { label: string } }> }>;
    }>;
    expect(data[0]?.flow).toBe('sign-in');
    expect(data[0]?.paths[0]?.steps[0]?.expected.label).toBe('Preenchendo');
    expect(new Set(data[0]?.paths.flatMap((p) => p.steps.map((s) => s.who)))).toEqual(
      new Set(['Usuário', 'Sistema', 'Tempo']),
    );
  });
});
