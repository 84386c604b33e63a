/**
 * The e2e bindings cover their flows, checked without a browser: every flow with a screen (a
 * `route`) has bindings in e2e/bindings, and every path e2e/paths.spec.ts can play from them (the
 * shortest and the simple set, less the paths through the flow's gaps) finds, by the driver's own
 * rules (`missingBindings`), a page assertion for each innermost state it reaches (or its place in
 * `skipStates`), an action for each user event and a way to provoke each outcome. A flow without a
 * screen is exempt, as e2e/paths.spec.ts exempts it. So a state, event or outcome added to a
 * machine or its fixtures without a binding fails here, in seconds, not in the browser.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../machines/catalog';
import { generatePaths, type FlowPath } from '../../machines/harness/generate';
import { buildModel } from '../../machines/harness/model';
import { missingBindings, type PlaywrightBindings } from '../../e2e/driver/path-driver';
import { crossesGap, crossesUnplayable, eventThen, type BoundFlow } from '../../e2e/bindings/support';
import { pixRefundFlow } from '../../e2e/bindings/pix-refund';

const modules = import.meta.glob<Record<string, unknown>>('../../e2e/bindings/*.ts', { eager: true });

const isBindings = (v: unknown): v is PlaywrightBindings =>
  typeof v === 'object' && v !== null && typeof (v as PlaywrightBindings).flowId === 'string';
const isBoundFlow = (v: unknown): v is BoundFlow =>
  typeof v === 'object' && v !== null && isBindings((v as BoundFlow).bindings);

/** The bound flows the binding files export, by the catalog id their bindings were defined for. */
function boundFlows(): Map<string, BoundFlow> {
  const found = new Map<string, BoundFlow>();
  const values = Object.values(modules).flatMap((m) => Object.values(m));
  for (const v of values) if (isBoundFlow(v)) found.set(v.bindings.flowId ?? '', v);
  // Bindings exported without their flow's gaps count too, when no bound flow has them.
  for (const v of values)
    if (isBindings(v) && !found.has(v.flowId ?? '')) found.set(v.flowId ?? '', { bindings: v });
  return found;
}

/** The walks e2e/paths.spec.ts may choose for `flow`: none with `noWalks`, else those its `unplayableWalks` leave. */
function playableWalks(entry: (typeof catalog)[number], flow: BoundFlow): FlowPath[] {
  if (flow.noWalks !== undefined) return [];
  return generatePaths(entry, { strategy: 'walk' }).paths.filter(
    (p) => !crossesUnplayable(p, flow.unplayableWalks),
  );
}

/** What each playable path of `entry` lacks, as `<path id>: <what>` lines. */
function lacking(entry: (typeof catalog)[number], flow: BoundFlow): string[] {
  const model = buildModel(entry);
  const paths: FlowPath[] = [
    ...(['shortest', 'simple'] as const).flatMap((strategy) => generatePaths(entry, { strategy }).paths),
    ...playableWalks(entry, flow),
  ];
  return paths
    .filter((p) => !crossesGap(p, flow.gaps))
    .flatMap((p) => missingBindings(entry, flow.bindings, model, p).map((m) => `${p.id}: ${m}`));
}

const bound = boundFlows();
const screens = catalog.filter((e) => e.route !== undefined);

describe('e2e bindings', () => {
  it('exist for every flow with a screen, and name catalog flows only', () => {
    expect(screens.filter((e) => !bound.has(e.id)).map((e) => e.id)).toEqual([]);
    expect([...bound.keys()].filter((id) => !catalog.some((e) => e.id === id))).toEqual([]);
  });

  it.each(screens.map((e) => [e.id, e] as const))(
    '%s: every state, event and outcome its paths play has a binding',
    (id, entry) => {
      const flow = bound.get(id);
      if (!flow) throw new Error(`sem bindings de e2e para '${id}'`);
      const missing = [...new Set(lacking(entry, flow).map((l) => l.replace(/^\S+: /, '')))];
      expect(missing, lacking(entry, flow).slice(0, 20).join('\n')).toEqual([]);
    },
  );

  it.each([...bound].filter(([, f]) => f.unplayableWalks !== undefined).map(([id, f]) => [id, f] as const))(
    '%s: leaves out the walks it cannot play, and only those',
    (id, flow) => {
      const entry = catalog.find((e) => e.id === id);
      if (!entry) throw new Error(`'${id}' saiu do catálogo`);
      expect(flow.noWalks, 'noWalks leaves out every walk; unplayableWalks only some').toBeUndefined();
      const walks = generatePaths(entry, { strategy: 'walk' }).paths;
      const kept = playableWalks(entry, flow);
      // Some walk stays (else the flow says noWalks), and each one left out crosses a named limit.
      expect(kept.length).toBeGreaterThan(0);
      for (const w of walks.filter((x) => !kept.includes(x)))
        expect((flow.unplayableWalks ?? []).some((u) => u.crosses(w))).toBe(true);
    },
  );

  it('eventThen: a step after an event of the type, never the event itself or a step before it', () => {
    const entry = catalog.find((e) => e.id === 'pix-med');
    if (!entry) throw new Error('pix-med saiu do catálogo');
    const path = generatePaths(entry, { strategy: 'shortest' }).paths.find((p) =>
      p.steps.some((s) => s.kind === 'event' && s.event.type === 'page.change'),
    );
    if (!path) throw new Error('pix-med não tem caminho que muda de página');
    const at = path.steps.findIndex((s) => s.kind === 'event' && s.event.type === 'page.change');
    const after = path.steps.slice(at + 1);
    expect(eventThen(path, 'page.change', (s) => s === path.steps[at])).toBe(false);
    expect(eventThen(path, 'page.change', (s) => s === path.steps[0])).toBe(false);
    if (after.length > 0) expect(eventThen(path, 'page.change', (s) => s === after[0])).toBe(true);
    expect(eventThen(path, 'no.such.event', () => true)).toBe(false);
  });

  it('fails when a state, an event or an outcome loses its binding', () => {
    const entry = catalog.find((e) => e.id === 'pix-refund');
    if (!entry) throw new Error('pix-refund saiu do catálogo');
    const { states, events, outcomes } = pixRefundFlow.bindings;
    const without = <T extends object>(map: T | undefined, key: string): T =>
      Object.fromEntries(Object.entries(map ?? {}).filter(([k]) => k !== key)) as T;
    const broken: BoundFlow = {
      ...pixRefundFlow,
      bindings: {
        ...pixRefundFlow.bindings,
        states: without(states, 'result.settled'),
        events: without(events, 'retry'),
        // No answer has no HTTP status, so no default fault provokes it (a 'done' outcome would
        // still be 'natural' by default, and an error with a status a fault).
        outcomes: without(outcomes, 'noAnswer'),
      },
    };
    expect(lacking(entry, pixRefundFlow)).toEqual([]);
    const missing = new Set(lacking(entry, broken).map((l) => l.replace(/^\S+: /, '')));
    expect([...missing].sort()).toEqual(
      [
        "event 'retry'",
        "state 'result.settled'",
        "outcome 'noAnswer' (error:refundPixPayment: Sem resposta ao devolver (resultado desconhecido))",
      ].sort(),
    );
  });
});
