/**
 * The state chart as SVG: the same scene (machines/harness/scene.ts) as the static export, drawn
 * with React so states and transitions can be selected (click, or Enter/Space on focus).
 */
import { memo, useEffect, type KeyboardEvent } from 'react';
import type { ChartLayout } from '../../machines/harness/layout';
import type { ChartModel } from '../../machines/harness/model';
import { buildScene, CHART_CSS, type SceneOptions } from '../../machines/harness/scene';

export interface ChartViewProps {
  model: ChartModel;
  layout: ChartLayout;
  options: SceneOptions;
  label: string;
  onSelect: (id: string) => void;
}

function activate(e: KeyboardEvent, id: string, onSelect: (id: string) => void): void {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    onSelect(id);
  }
}

/** Whether the browser takes constructed stylesheets (every current one; jsdom does not). */
const constructable = typeof document !== 'undefined' && 'adoptedStyleSheets' in document;

/**
 * The chart's CSS as a constructed stylesheet: the portal's Content-Security-Policy allows no
 * inline <style> element (issue #10), and a stylesheet built through the CSSOM is not one.
 */
function useChartStyles(): void {
  useEffect(() => {
    if (!constructable) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CHART_CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, []);
}

function ChartViewImpl({ model, layout, options, label, onSelect }: ChartViewProps) {
  useChartStyles();
  const items = buildScene(model, layout, options);
  const byState = new Map(model.states.map((s) => [s.id, s]));
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="group"
      aria-label={label}
      data-testid="audit-chart"
      // The chart's names are the specification's, in Portuguese, whatever the page's language.
      lang="pt-BR"
    >
      {!constructable && <style>{CHART_CSS}</style>}
      <defs>
        <marker
          id="sc-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" fill="#4a5568" />
        </marker>
      </defs>
      {items.map((it, i) => {
        switch (it.kind) {
          case 'rect': {
            const id = it.stateId;
            if (!id || id === model.root)
              return (
                <rect key={i} x={it.x} y={it.y} width={it.w} height={it.h} rx={it.rx} className={it.cls} />
              );
            const state = byState.get(id);
            return (
              <rect
                key={i}
                x={it.x}
                y={it.y}
                width={it.w}
                height={it.h}
                rx={it.rx}
                className={it.cls}
                data-state={id}
                role="button"
                tabIndex={0}
                aria-label={state?.label ?? id}
                aria-current={options.active?.has(id) ? 'step' : undefined}
                onClick={() => onSelect(id)}
                onKeyDown={(e) => activate(e, id, onSelect)}
              >
                {it.title ? <title>{it.title}</title> : null}
              </rect>
            );
          }
          case 'text':
            return it.text ? (
              <text
                key={i}
                x={it.x}
                y={it.y}
                textAnchor={it.anchor}
                className={it.cls}
                onClick={
                  it.stateId
                    ? () => onSelect(it.stateId as string)
                    : it.transitionId
                      ? () => onSelect(it.transitionId as string)
                      : undefined
                }
                aria-hidden="true"
              >
                {it.text}
              </text>
            ) : null;
          case 'path':
            return it.transitionId ? (
              <g key={i}>
                <path
                  d={it.d}
                  className={it.cls}
                  markerEnd={it.arrow ? 'url(#sc-arrow)' : undefined}
                  data-transition={it.transitionId}
                />
                {/* A wide invisible stroke so thin curves are easy to click. */}
                <path
                  d={it.d}
                  stroke="transparent"
                  strokeWidth={12}
                  fill="none"
                  role="button"
                  tabIndex={0}
                  aria-label={it.title ?? it.transitionId}
                  onClick={() => onSelect(it.transitionId as string)}
                  onKeyDown={(e) => activate(e, it.transitionId as string, onSelect)}
                >
                  {it.title ? <title>{it.title}</title> : null}
                </path>
              </g>
            ) : (
              <path key={i} d={it.d} className={it.cls} markerEnd={it.arrow ? 'url(#sc-arrow)' : undefined} />
            );
          case 'circle':
            return <circle key={i} cx={it.cx} cy={it.cy} r={it.r} className={it.cls} />;
          case 'line':
            return <line key={i} x1={it.x1} y1={it.y1} x2={it.x2} y2={it.y2} className={it.cls} />;
          default:
            return null;
        }
      })}
    </svg>
  );
}

export const ChartView = memo(ChartViewImpl);
