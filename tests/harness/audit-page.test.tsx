// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMachine } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../src/i18n/i18n';
import { catalog } from '../../machines/catalog';
import type { FlowEntry } from '../../machines/catalog-types';
import {
  auditFlowFile,
  auditSimplePathsFile,
  toAuditPath,
  type AuditFlow,
  type AuditIndex,
  type AuditPaths,
} from '../../machines/harness/audit-data';
import { generatePaths } from '../../machines/harness/generate';
import { layoutChart } from '../../machines/harness/layout';
import { buildModel } from '../../machines/harness/model';
import AuditPage from '../../src/audit/audit-page';
import { ChartView } from '../../src/audit/chart-view';
import { broadcastInspector, FLOW_CHANNEL, type FlowMessage } from '../../src/audit/live';

const size = (e: FlowEntry): number => {
  const m = buildModel(e);
  return m.states.length + m.transitions.length;
};
const largest = [...catalog].sort((a, b) => size(b) - size(a))[0];

/** A synthetic chart bigger than any flow: 12 steps × 5 sub-states, with back edges. */
function bigMachine() {
  const states: Record<string, object> = {};
  for (let i = 0; i < 12; i++) {
    const sub: Record<string, object> = {};
    for (let j = 0; j < 5; j++)
      sub[`s${j}`] = {
        meta: { spec: 'x' },
        on: { next: `s${(j + 1) % 5}`, [`jump${j}`]: `#big.step${(i + 3) % 12}` },
      };
    states[`step${i}`] = {
      initial: 's0',
      meta: { spec: 'x' },
      states: sub,
      on: { back: `step${(i + 11) % 12}`, fwd: `step${(i + 1) % 12}` },
    };
  }
  return createMachine({ id: 'big', initial: 'step0', states });
}

/** What `npm run build` publishes in dist/auditoria/, built here from the catalog (no coverage). */
const published = new Map<string, Promise<string>>();
function publishedFile(name: string): Promise<string> | undefined {
  if (name === 'flows.json') {
    const index: AuditIndex = {
      version: 1,
      generatedAt: new Date(0).toISOString(),
      flows: catalog.map((e) => ({ id: e.id, machineId: e.machine.id, title: e.title, spec: [...e.spec] })),
    };
    return Promise.resolve(JSON.stringify(index));
  }
  const simple = catalog.find((e) => auditSimplePathsFile(e.id) === name);
  if (simple) {
    const paths: AuditPaths = {
      version: 1,
      flowId: simple.id,
      strategy: 'simple',
      paths: generatePaths(simple, { strategy: 'simple' }).paths.map(toAuditPath),
    };
    return Promise.resolve(JSON.stringify(paths));
  }
  const entry = catalog.find((e) => auditFlowFile(e.id) === name);
  if (!entry) return undefined;
  let data = published.get(name);
  if (!data) {
    const model = buildModel(entry);
    data = layoutChart(model).then((layout) => {
      const flow: AuditFlow = {
        version: 1,
        model,
        layout,
        shortest: generatePaths(entry, { strategy: 'shortest' }).paths.map(toAuditPath),
      };
      return JSON.stringify(flow);
    });
    published.set(name, data);
  }
  return data;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = publishedFile(String(url).split('/').pop() ?? '');
      return data
        ? new Response(await data, { headers: { 'content-type': 'application/json' } })
        : new Response('not found', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the /auditoria viewer', () => {
  // The time it takes is a benchmark (e2e/bench/audit-chart.bench.ts, npm run bench), not a test.
  it('draws the largest catalog chart on the first render once its data is at hand', async () => {
    if (!largest) return;
    window.history.replaceState(null, '', `/auditoria?fluxo=${largest.id}`);
    await publishedFile(auditFlowFile(largest.id));
    // First visit: fetches the published data (kept for the session), then draws.
    render(<AuditPage />);
    expect(await screen.findByTestId('audit-chart', {}, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    // What is measured is drawing: with the data at hand the chart is there on the first render.
    render(<AuditPage />);
    expect(screen.getByTestId('audit-chart')).toBeTruthy();
  });

  it('says so when the build published no charts', async () => {
    vi.resetModules();
    const { default: FreshPage } = await import('../../src/audit/audit-page');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not found', { status: 404 })),
    );
    render(<FreshPage />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/não foram publicados/);
  });

  it(`draws a chart of ${12 * 6} states and ${12 * 5 * 2 + 24} transitions`, async () => {
    const entry: FlowEntry = {
      id: 'big',
      title: 'Grande',
      spec: [],
      machine: bigMachine(),
      events: [],
      outcomes: [],
    };
    const model = buildModel(entry);
    // Laid out at build time (ELK, in Node); the viewer only draws.
    const layout = await layoutChart(model);
    render(<ChartView model={model} layout={layout} options={{}} label="big" onSelect={() => {}} />);
    const chart = screen.getByTestId('audit-chart');
    const drawn = new Set(
      [...chart.querySelectorAll('[data-state]')].map((n) => n.getAttribute('data-state')),
    );
    // Every state but the root (the chart's frame) is a node of the drawing.
    const notDrawn = model.states.filter((st) => st.id !== 'big' && !drawn.has(st.id));
    expect(drawn.size).toBe(12 * 6);
    expect(notDrawn.map((st) => st.id)).toEqual([]);
  });

  it('shows a state with its rule and the operation it invokes, linked to the contract', async () => {
    const entry = catalog.find((e) => buildModel(e).states.some((s) => s.invokes.some((i) => i.operationId)));
    if (!entry) return;
    const model = buildModel(entry);
    const state = model.states.find((s) => s.invokes.some((i) => i.operationId));
    if (!state) return;
    await publishedFile(auditFlowFile(entry.id));
    window.history.replaceState(null, '', `/auditoria?fluxo=${entry.id}`);
    render(<AuditPage />);
    const chart = await screen.findByTestId('audit-chart', {}, { timeout: 10_000 });
    fireEvent.click(chart.querySelector(`[data-state="${state.id}"]`) as Element);
    const details = screen.getByRole('region', { name: 'Detalhes' });
    expect(within(details).getByText(state.id)).toBeTruthy();
    if (state.spec) expect(within(details).getByText(state.spec)).toBeTruthy();
    const op = state.invokes.find((i) => i.operationId)?.operationId as string;
    const link = within(details).getByRole('link', { name: op });
    expect(link.getAttribute('href')).toBe(`/openapi/portal.yaml#operation/${op}`);
  });

  it('plays a generated path step by step, highlighting the active state', async () => {
    if (!largest) return;
    window.history.replaceState(null, '', `/auditoria?fluxo=${largest.id}`);
    await publishedFile(auditFlowFile(largest.id));
    render(<AuditPage />);
    const paths = await screen.findByRole('region', { name: 'Caminhos gerados' }, { timeout: 10_000 });
    const select = within(paths).getByLabelText(/Caminho/) as HTMLSelectElement;
    // Paths are generated after the chart is painted.
    await within(paths).findByRole('option', { name: /caminhos$/ });
    await vi.waitFor(() => expect(select.options.length).toBeGreaterThan(1));
    const first = select.options[1];
    if (!first) throw new Error('no generated path');
    fireEvent.change(select, { target: { value: first.value } });
    expect(within(paths).getByText(/Passo 0 de/)).toBeTruthy();
    const activeBefore = screen.getByTestId('audit-chart').querySelectorAll('[aria-current="step"]').length;
    expect(activeBefore).toBeGreaterThan(0);
    fireEvent.click(within(paths).getByRole('button', { name: 'Próximo passo' }));
    expect(within(paths).getByText(/Passo 1 de/)).toBeTruthy();
  });

  it('follows a flow of another tab through the BroadcastChannel', async () => {
    if (!largest) return;
    window.history.replaceState(null, '', `/auditoria?fluxo=${largest.id}`);
    await publishedFile(auditFlowFile(largest.id));
    render(<AuditPage />);
    fireEvent.click(
      await screen.findByLabelText('Acompanhar fluxos abertos em outras abas', {}, { timeout: 10_000 }),
    );
    const model = buildModel(largest);
    const leaf = model.states.find((s) => s.parent && s.children.length === 0);
    if (!leaf) return;
    // Five hours ago: the row's time tells this message from the flows that view tests in the
    // run's other worker thread broadcast on the same channel (one per process) at this moment.
    const at = Date.now() - 5 * 3_600_000;
    const message: FlowMessage = {
      v: 1,
      session: 'x:1',
      machine: largest.machine.id,
      states: [leaf.id],
      value: leaf.key,
      status: 'active',
      event: 'form.submit',
      at,
    };
    const sender = new BroadcastChannel(FLOW_CHANNEL);
    await act(async () => {
      sender.postMessage(message);
      await new Promise((r) => setTimeout(r, 50));
    });
    sender.close();
    const live = screen.getByRole('region', { name: 'Ao vivo' });
    const time = new Date(at).toLocaleTimeString(i18n.language);
    const row = within(live)
      .getAllByRole('listitem')
      .filter((li) => li.textContent?.includes(time));
    expect(row).toHaveLength(1);
    fireEvent.click(within(row[0] as HTMLElement).getByRole('button', { name: 'Acompanhar' }));
    const active = screen.getByTestId('audit-chart').querySelector('[aria-current="step"]');
    expect(active?.getAttribute('data-state')).toBe(leaf.id);
  });
});

describe('broadcastInspector', () => {
  it('publishes machine snapshots without context or event payloads', async () => {
    // The channel is shared by every worker thread of the run: view tests in the other thread
    // broadcast their own actors' snapshots, so only this session's messages (and any without a
    // session, as the event without an actor would have if it were published) are this test's.
    const session = `audit-test:${Math.random().toString(36).slice(2)}`;
    const received: FlowMessage[] = [];
    const listener = new BroadcastChannel(FLOW_CHANNEL);
    listener.onmessage = (e: MessageEvent<FlowMessage>) => {
      if (e.data.session === session || !e.data.session) received.push(e.data);
    };
    const inspect = broadcastInspector();
    inspect({ type: '@xstate.event', actorRef: {}, event: { type: 'x' } });
    inspect({
      type: '@xstate.snapshot',
      actorRef: { sessionId: session },
      event: { type: 'form.change', value: 'segredo' },
      snapshot: {
        value: 'editing',
        status: 'active',
        context: { password: 'segredo' },
        machine: { id: 'login' },
        _nodes: [{ id: 'login' }, { id: 'login.editing', parent: {} }],
      },
    });
    await new Promise((r) => setTimeout(r, 50));
    listener.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      v: 1,
      session,
      machine: 'login',
      states: ['login.editing'],
      event: 'form.change',
      status: 'active',
    });
    expect(JSON.stringify(received[0])).not.toContain('segredo');
  });
});
