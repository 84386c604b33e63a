/**
 * The generated paths of a flow, each playable step by step: the chart highlights the states of
 * the current step and the transitions it took.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AuditPath } from '../../machines/harness/audit-data';
import type { Strategy } from '../../machines/harness/generate';
import { Icon } from '../ui/icons';
import { theme } from '../ui/theme';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin: 8px 0;
  min-width: 0;
  /* A path's title is long: the select takes the panel's width, never more. */
  label {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    max-width: 100%;
    min-width: 0;
  }
  select {
    max-width: 100%;
    min-width: 0;
    text-overflow: ellipsis;
  }
`;

const Steps = styled.ol`
  margin: 8px 0;
  padding-left: 1.6rem;
  max-height: 280px;
  overflow: auto;
  li[aria-current='step'] {
    background: #fefcbf;
    font-weight: 600;
  }
  li {
    padding: 2px 4px;
  }
`;

const Small = styled.span`
  color: ${theme.color.textMuted};
  font-size: 0.8rem;
`;

const Btn = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  border-radius: 6px;
  padding: 4px 10px;
  cursor: pointer;
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
  &:focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 2px;
  }
`;

export interface PathPlayerProps {
  paths: AuditPath[];
  strategy: Strategy;
  onStrategy: (s: Strategy) => void;
  pathId: string | null;
  onPath: (id: string | null) => void;
  step: number;
  onStep: (n: number) => void;
  stateLabel: (id: string) => string;
}

export function PathPlayer({
  paths,
  strategy,
  onStrategy,
  pathId,
  onPath,
  step,
  onStep,
  stateLabel,
}: PathPlayerProps) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const path = paths.find((p) => p.id === pathId) ?? null;
  const last = path ? path.steps.length - 1 : 0;

  useEffect(() => {
    if (!playing || !path) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => onStep(step + 1), 900);
    return () => clearTimeout(timer);
  }, [playing, path, step, last, onStep]);

  const leaves = (states: string[]): string =>
    states
      .filter((x) => !states.some((y) => y.startsWith(`${x}.`)))
      .map(stateLabel)
      .join(' + ');

  return (
    <div>
      <Row>
        <label>
          {t('AUDIT.STRATEGY')}{' '}
          <select
            value={strategy}
            onChange={(e) => onStrategy(e.target.value === 'simple' ? 'simple' : 'shortest')}
          >
            <option value="shortest">{t('AUDIT.STRATEGY_SHORTEST')}</option>
            <option value="simple">{t('AUDIT.STRATEGY_SIMPLE')}</option>
          </select>
        </label>
        <label>
          {t('AUDIT.PATH')}{' '}
          <select
            value={pathId ?? ''}
            onChange={(e) => {
              setPlaying(false);
              onPath(e.target.value || null);
            }}
          >
            <option value="">{t('AUDIT.PATHS_COUNT', { count: paths.length })}</option>
            {paths.map((p) => (
              <option key={p.id} value={p.id}>
                {p.id} — {p.title}
              </option>
            ))}
          </select>
        </label>
      </Row>
      {path ? (
        <>
          <Row role="toolbar" aria-label={t('AUDIT.PATH')}>
            <Btn type="button" onClick={() => onStep(0)} disabled={step === 0}>
              <Icon name="skipPrevious" size={18} /> {t('AUDIT.FIRST')}
            </Btn>
            <Btn
              type="button"
              onClick={() => onStep(Math.max(0, step - 1))}
              disabled={step === 0}
              aria-label={t('AUDIT.PREVIOUS')}
            >
              <Icon name="chevronLeft" size={18} />
            </Btn>
            <Btn type="button" onClick={() => setPlaying((p) => !p)} aria-pressed={playing}>
              <Icon name={playing ? 'pause' : 'play'} size={18} />{' '}
              {playing ? t('AUDIT.PAUSE') : t('AUDIT.PLAY')}
            </Btn>
            <Btn
              type="button"
              onClick={() => onStep(Math.min(last, step + 1))}
              disabled={step >= last}
              aria-label={t('AUDIT.NEXT')}
            >
              <Icon name="chevronRight" size={18} />
            </Btn>
            <Btn type="button" onClick={() => onStep(last)} disabled={step >= last}>
              {t('AUDIT.LAST')} <Icon name="skipNext" size={18} />
            </Btn>
            <span aria-live="polite">{t('AUDIT.STEP', { n: step, total: last })}</span>
          </Row>
          <Steps start={0}>
            {path.steps.map((s, i) => (
              <li key={i} aria-current={i === step ? 'step' : undefined}>
                <Btn
                  type="button"
                  onClick={() => onStep(i)}
                  style={{
                    display: 'inline',
                    border: 'none',
                    padding: 0,
                    background: 'none',
                    textAlign: 'left',
                  }}
                >
                  <Small>[{t(`AUDIT.KIND.${s.kind}`)}]</Small> {i === 0 ? t('AUDIT.INITIAL_STEP') : s.label} →{' '}
                  <strong>{leaves(s.states)}</strong>
                  {s.status === 'done' ? ' ✓' : ''}
                </Btn>
              </li>
            ))}
          </Steps>
          <p>
            <Small>{t('AUDIT.REPLAY_COMMAND')}</Small>
            <br />
            <code>npx playwright test e2e/paths.spec.ts -g &quot;{path.id}&quot;</code>
          </p>
        </>
      ) : null}
    </div>
  );
}
