/**
 * /auditoria: the auditors' state-chart viewer. Read-only, public, lazily loaded.
 *
 * Per flow of the catalog, as the build published it (./use-audit-data.ts): the chart laid out
 * automatically (nested and parallel states drawn as such), the details of every state and
 * transition (event, guard, actions, invoked operation with a link to the contract, spec rule), the
 * generated paths played step by step, the coverage of those paths replayed against the machines
 * drawn over the chart, and a live mode that follows flows running in other tabs of the portal
 * (BroadcastChannel 'portal-flows', see ./live.ts).
 *
 * Flow, state and transition names are the specification's (Portuguese) in every language of the
 * portal: they are what an auditor matches against the specification, so the page says so rather
 * than translating them, and marks them `lang="pt-BR"`.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AuditFlowSummary } from '../../machines/harness/audit-data';
import type { Strategy } from '../../machines/harness/generate';
import { theme } from '../ui/theme';
import { ChartView } from './chart-view';
import { DetailsPanel } from './details-panel';
import { PathPlayer } from './path-player';
import { useAuditFlow, useAuditIndex, useAuditPaths, useCoverage, useLiveFlows } from './use-audit-data';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(12rem, 16rem) minmax(0, 1fr);
  gap: 16px;
  color: ${theme.color.text};
  font-family: ${theme.font.family};
  @media (max-width: 800px) {
    grid-template-columns: 1fr;
  }
`;

const Side = styled.nav`
  border-right: 1px solid ${theme.color.divider};
  padding: 0 12px 0 16px;
  @media (max-width: 800px) {
    border-right: none;
    border-bottom: 1px solid ${theme.color.divider};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li button {
    width: 100%;
    text-align: left;
    border: none;
    background: none;
    padding: 6px 8px;
    border-radius: 6px;
    cursor: pointer;
    font: inherit;
    color: inherit;
  }
  li button[aria-current='page'] {
    background: ${theme.color.primarySoft};
    font-weight: 600;
  }
  li button:focus-visible {
    outline: 3px solid ${theme.color.focus};
  }
`;

const Muted = styled.span`
  color: ${theme.color.textMuted};
  font-size: 0.8rem;
`;

const ChartBox = styled.div`
  overflow: auto;
  max-height: 70vh;
  border: 1px solid ${theme.color.divider};
  border-radius: 8px;
  background: ${theme.color.surface};
`;

const Panels = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
  gap: 16px;
  margin-top: 16px;
  section {
    border: 1px solid ${theme.color.divider};
    border-radius: 8px;
    padding: 12px;
    background: ${theme.color.surface};
    min-width: 0;
  }
  h2 {
    font-size: 1rem;
    margin: 0 0 8px;
  }
  h3 {
    font-size: 0.95rem;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: center;
  margin: 8px 0;
`;

function initialFlow(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get('fluxo');
}

/** The viewer page (default export for the lazy route). */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const index = useAuditIndex();
  const catalog: AuditFlowSummary[] = index.status === 'ready' ? index.data.flows : [];
  const [wanted, setFlowId] = useState<string | null>(() => initialFlow());
  const flowId = catalog.find((e) => e.id === wanted)?.id ?? catalog[0]?.id ?? null;
  const [selected, setSelected] = useState<string | null>(null);
  const [showCoverage, setShowCoverage] = useState(true);
  const [strategy, setStrategy] = useState<Strategy>('shortest');
  const [pathId, setPathId] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [live, setLive] = useState(false);
  const [followed, setFollowed] = useState<string | null>(null);
  const coverage = useCoverage();
  const liveFlows = useLiveFlows(live);
  const flow = useAuditFlow(flowId);

  const entry: AuditFlowSummary | undefined = catalog.find((e) => e.id === flowId);
  const chart = flow.status === 'ready' && flow.data.model.flowId === flowId ? flow.data : undefined;
  const loadedPaths = useAuditPaths(chart ? flowId : null, chart, strategy);
  const paths = useMemo(() => (loadedPaths.status === 'ready' ? loadedPaths.data : []), [loadedPaths]);
  const path = paths.find((p) => p.id === pathId);
  const current = path?.steps[Math.min(step, path.steps.length - 1)];
  const liveFlow = live
    ? liveFlows.flows.find((f) => f.session === followed && f.machine === entry?.machineId)
    : undefined;
  const flowCoverage = entry ? coverage?.machines[entry.id] : undefined;

  const options = useMemo(
    () => ({
      active: liveFlow ? new Set(liveFlow.states) : current ? new Set(current.states) : undefined,
      taken: !liveFlow && current ? new Set(current.transitions) : undefined,
      coverage:
        showCoverage && flowCoverage
          ? { states: flowCoverage.hits.states, transitions: flowCoverage.hits.transitions }
          : undefined,
      selected: selected ?? undefined,
    }),
    [liveFlow, current, showCoverage, flowCoverage, selected],
  );

  const choose = useCallback((id: string) => {
    setFlowId(id);
    setSelected(null);
    setPathId(null);
    setStep(0);
    if (typeof window !== 'undefined') {
      const url = new URL(window.location.href);
      url.searchParams.set('fluxo', id);
      window.history.replaceState(window.history.state, '', url);
    }
  }, []);

  const stateLabel = useCallback(
    (id: string) => chart?.model.states.find((s) => s.id === id)?.label ?? id,
    [chart],
  );

  const followFlow = (session: string, machine: string): void => {
    const target = catalog.find((e) => e.machineId === machine);
    if (target && target.id !== flowId) choose(target.id);
    setFollowed(session);
  };

  return (
    <Layout>
      <Side aria-label={t('AUDIT.FLOWS')}>
        <h2>{t('AUDIT.FLOWS')}</h2>
        {index.status === 'loading' ? <p role="status">{t('AUDIT.LOADING')}</p> : null}
        {index.status === 'error' ? <p role="alert">{t('AUDIT.NOT_PUBLISHED')}</p> : null}
        {index.status === 'ready' && catalog.length === 0 ? <p>{t('AUDIT.NO_FLOWS')}</p> : null}
        <ul>
          {catalog.map((e) => {
            const c = coverage?.machines[e.id];
            return (
              <li key={e.id}>
                <button
                  type="button"
                  aria-current={e.id === flowId ? 'page' : undefined}
                  onClick={() => choose(e.id)}
                >
                  <span lang="pt-BR">{e.title}</span>
                  <br />
                  <Muted>
                    {e.id}
                    {c ? ` · ${c.transitions.percent}%` : ''}
                  </Muted>
                </button>
              </li>
            );
          })}
        </ul>
      </Side>
      <div>
        <h1>{t('AUDIT.TITLE')}</h1>
        <p>{t('AUDIT.INTRO')}</p>
        <p>
          <Muted>{t('AUDIT.NAMES_NOTE')}</Muted>
        </p>
        {entry && flow.status === 'error' ? <p role="alert">{t('AUDIT.NOT_PUBLISHED')}</p> : null}
        {entry && !chart && flow.status !== 'error' ? <p role="status">{t('AUDIT.LOADING')}</p> : null}
        {entry && chart ? (
          <>
            <h2>
              <span lang="pt-BR">{entry.title}</span> <Muted>({entry.id})</Muted>
            </h2>
            <p>
              {entry.route ? (
                <>
                  {t('AUDIT.ROUTE')}: <code>{entry.route}</code> ·{' '}
                </>
              ) : null}
              {t('AUDIT.SPEC')}: {entry.spec.join(' · ')}
            </p>
            <Toolbar>
              <label>
                <input
                  type="checkbox"
                  checked={showCoverage && !!flowCoverage}
                  disabled={!flowCoverage}
                  onChange={(e) => setShowCoverage(e.target.checked)}
                />{' '}
                {t('AUDIT.SHOW_COVERAGE')}
              </label>
              <label>
                <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} />{' '}
                {t('AUDIT.LIVE_TOGGLE')}
              </label>
              <Muted>
                {flowCoverage
                  ? `${t('AUDIT.COVERAGE_SUMMARY', {
                      states: flowCoverage.states.percent,
                      transitions: flowCoverage.transitions.percent,
                      guards: flowCoverage.guards.percent,
                      passed: flowCoverage.paths.passed,
                      total: flowCoverage.paths.total,
                    })} — ${t('AUDIT.COVERAGE_AT', { date: new Date(coverage?.generatedAt ?? '').toLocaleString(i18n.language) })}`
                  : t('AUDIT.COVERAGE_NONE')}
              </Muted>
            </Toolbar>
            <p>
              <Muted>{t('AUDIT.CHART_HINT')}</Muted>
            </p>
            <ChartBox>
              <ChartView
                model={chart.model}
                layout={chart.layout}
                options={options}
                label={t('AUDIT.CHART', { title: entry.title })}
                onSelect={setSelected}
              />
            </ChartBox>
            <Panels>
              <section aria-labelledby="audit-details">
                <h2 id="audit-details">{t('AUDIT.DETAILS')}</h2>
                <DetailsPanel model={chart.model} selected={selected} onSelect={setSelected} />
              </section>
              <section aria-labelledby="audit-paths">
                <h2 id="audit-paths">{t('AUDIT.PATHS')}</h2>
                <PathPlayer
                  paths={paths}
                  strategy={strategy}
                  onStrategy={(s) => {
                    setStrategy(s);
                    setPathId(null);
                    setStep(0);
                  }}
                  pathId={pathId}
                  onPath={(id) => {
                    setPathId(id);
                    setStep(0);
                  }}
                  step={step}
                  onStep={setStep}
                  stateLabel={stateLabel}
                />
              </section>
              {live ? (
                <section aria-labelledby="audit-live">
                  <h2 id="audit-live">{t('AUDIT.LIVE')}</h2>
                  {!liveFlows.supported ? (
                    <p>{t('AUDIT.LIVE_UNSUPPORTED')}</p>
                  ) : (
                    <p>{t('AUDIT.LIVE_HELP')}</p>
                  )}
                  {liveFlows.supported && liveFlows.flows.length === 0 ? <p>{t('AUDIT.LIVE_NONE')}</p> : null}
                  <ul aria-live="polite">
                    {liveFlows.flows.map((f) => {
                      const known = catalog.find((e) => e.machineId === f.machine);
                      const knownModel = known && chart?.model.flowId === known.id ? chart.model : undefined;
                      const leaves = f.states.filter((x) => !f.states.some((y) => y.startsWith(`${x}.`)));
                      return (
                        <li key={f.session}>
                          {t('AUDIT.LIVE_SESSION', {
                            machine: known?.title ?? `${f.machine} (${t('AUDIT.UNKNOWN_MACHINE')})`,
                            state: leaves
                              .map((id) => knownModel?.states.find((s) => s.id === id)?.label ?? id)
                              .join(' + '),
                            time: new Date(f.at).toLocaleTimeString(i18n.language),
                          })}{' '}
                          {known ? (
                            <button
                              type="button"
                              aria-pressed={followed === f.session}
                              onClick={() => followFlow(f.session, f.machine)}
                            >
                              {followed === f.session ? t('AUDIT.FOLLOWING') : t('AUDIT.FOLLOW')}
                            </button>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ) : null}
            </Panels>
          </>
        ) : null}
      </div>
    </Layout>
  );
}
