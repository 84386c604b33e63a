/**
 * Each flow's chart model and ELK layout, made once per module registry and shared by the tests that
 * read them (tests/harness/layout.test.ts checks each layout twice; tests/readers/svg-rsvg.test.ts
 * renders it). Laying out the whole catalog is several seconds of CPU, and the layout is a pure
 * function of the model: the tests read the layout and never change it (a test that needs a broken
 * one builds a copy). In the 'shared' project (vitest.config.ts) files on one worker share this
 * registry, so a second file on the same worker reuses the layouts too.
 */
import type { FlowEntry } from '../../machines/catalog-types';
import { layoutChart, type ChartLayout } from '../../machines/harness/layout';
import { buildModel, type ChartModel } from '../../machines/harness/model';

export interface Chart {
  model: ChartModel;
  layout: ChartLayout;
}

const charts = new Map<FlowEntry, Promise<Chart>>();

/** The model and layout of `entry`, laid out on the first call. */
export function chartOf(entry: FlowEntry): Promise<Chart> {
  let chart = charts.get(entry);
  if (!chart) {
    const model = buildModel(entry);
    chart = layoutChart(model).then((layout) => ({ model, layout }));
    charts.set(entry, chart);
  }
  return chart;
}
