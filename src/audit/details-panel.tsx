/**
 * Details of the selected state or transition: label, id, type, spec rule, tags, invoked
 * operations (linked to the contract), entry/exit actions, and event, guard, actions, targets.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CONTRACT_PATH, operationAnchor } from '../../machines/harness/contract';
import { transitionLabel } from '../../machines/harness/labels';
import type { ChartModel, ChartTransition } from '../../machines/harness/model';
import { theme } from '../ui/theme';

/** Where the contract is read (a rendered contract or the repository file), configurable per deploy. */
const CONTRACT_URL: string = (import.meta.env.VITE_CONTRACT_URL as string | undefined) ?? `/${CONTRACT_PATH}`;

const Dl = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0;
  dt {
    color: ${theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  code {
    font-size: 0.8rem;
  }
`;

const Ul = styled.ul`
  margin: 0;
  padding-left: 1.1rem;
`;

const LinkButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  color: ${theme.color.primary};
  text-decoration: underline;
  cursor: pointer;
  font: inherit;
  text-align: left;
`;

export function OperationLink({ operationId }: { operationId: string }) {
  return (
    <a
      href={`${CONTRACT_URL}${operationAnchor(operationId)}`}
      title={`${CONTRACT_PATH}${operationAnchor(operationId)}`}
    >
      <code>{operationId}</code>
    </a>
  );
}

function TransitionDetails({
  model,
  t,
  onSelect,
}: {
  model: ChartModel;
  t: ChartTransition;
  onSelect: (id: string) => void;
}) {
  const { t: tr } = useTranslation();
  const label = (id: string): string => model.states.find((s) => s.id === id)?.label ?? id;
  return (
    <>
      <h3>
        {tr('AUDIT.TRANSITION')}: {transitionLabel(t)}
      </h3>
      <Dl>
        <dt>{tr('AUDIT.EVENT')}</dt>
        <dd>{t.kind === 'always' ? tr('AUDIT.ALWAYS') : <code>{t.event}</code>}</dd>
        <dt>{tr('AUDIT.FROM')}</dt>
        <dd>
          <LinkButton type="button" onClick={() => onSelect(t.source)}>
            {label(t.source)}
          </LinkButton>
        </dd>
        <dt>{tr('AUDIT.TO')}</dt>
        <dd>
          {t.targets.length
            ? t.targets.map((x) => (
                <LinkButton key={x} type="button" onClick={() => onSelect(x)}>
                  {label(x)}
                </LinkButton>
              ))
            : tr('AUDIT.NO_TARGET')}
        </dd>
        <dt>{tr('AUDIT.GUARD')}</dt>
        <dd>{t.guard ? <code>{t.guard}</code> : '—'}</dd>
        <dt>{tr('AUDIT.ACTIONS')}</dt>
        <dd>{t.actions.length ? <code>{t.actions.join(', ')}</code> : '—'}</dd>
        <dt>{tr('AUDIT.OPERATION')}</dt>
        <dd>{t.operationId ? <OperationLink operationId={t.operationId} /> : '—'}</dd>
        <dt>{tr('AUDIT.RULE')}</dt>
        <dd>{t.spec ?? tr('AUDIT.NO_RULE')}</dd>
        <dt>{tr('AUDIT.ID')}</dt>
        <dd>
          <code>{t.id}</code>
        </dd>
      </Dl>
    </>
  );
}

export function DetailsPanel({
  model,
  selected,
  onSelect,
}: {
  model: ChartModel;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const state = selected ? model.states.find((s) => s.id === selected) : undefined;
  const transition = selected && !state ? model.transitions.find((x) => x.id === selected) : undefined;
  if (transition) return <TransitionDetails model={model} t={transition} onSelect={onSelect} />;
  if (!state) return <p>{t('AUDIT.NOTHING_SELECTED')}</p>;
  const outgoing = model.transitions.filter((x) => x.source === state.id);
  return (
    <>
      <h3>
        {t('AUDIT.STATE')}: {state.label}
      </h3>
      <Dl>
        <dt>{t('AUDIT.ID')}</dt>
        <dd>
          <code>{state.id}</code>
        </dd>
        <dt>{t('AUDIT.TYPE')}</dt>
        <dd>{t(`AUDIT.TYPES.${state.type}`)}</dd>
        <dt>{t('AUDIT.RULE')}</dt>
        <dd>{state.spec ?? t('AUDIT.NO_RULE')}</dd>
        {state.tags.length ? (
          <>
            <dt>{t('AUDIT.TAGS')}</dt>
            <dd>{state.tags.join(', ')}</dd>
          </>
        ) : null}
        {state.invokes.length ? (
          <>
            <dt>{t('AUDIT.INVOKES')}</dt>
            <dd>
              <Ul>
                {state.invokes.map((inv) => (
                  <li key={inv.id}>
                    <code>{inv.id}</code> ({inv.src})
                    {inv.operationId ? (
                      <>
                        {' '}
                        → <OperationLink operationId={inv.operationId} />
                      </>
                    ) : null}
                  </li>
                ))}
              </Ul>
            </dd>
          </>
        ) : null}
        {state.entry.length ? (
          <>
            <dt>{t('AUDIT.ENTRY')}</dt>
            <dd>
              <code>{state.entry.join(', ')}</code>
            </dd>
          </>
        ) : null}
        {state.exit.length ? (
          <>
            <dt>{t('AUDIT.EXIT')}</dt>
            <dd>
              <code>{state.exit.join(', ')}</code>
            </dd>
          </>
        ) : null}
      </Dl>
      {outgoing.length ? (
        <>
          <h4>{t('AUDIT.OUTGOING')}</h4>
          <Ul>
            {outgoing.map((x) => (
              <li key={x.id}>
                <LinkButton type="button" onClick={() => onSelect(x.id)}>
                  {transitionLabel(x)}
                </LinkButton>
              </li>
            ))}
          </Ul>
        </>
      ) : null}
    </>
  );
}
