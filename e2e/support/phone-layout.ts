/**
 * Phone layout read in the page, many boxes in one round trip (e2e/mobile.spec.ts): what
 * `boundingBox` per element would read, without a round trip per element and check.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { entryRows } from './statement';

/** WCAG 2.5.5 and both platforms' guidelines (src/ui/breakpoints.ts TOUCH_TARGET). */
export const TOUCH_TARGET = 44;

/** A box as `boundingBox` reads it (the viewport's coordinates), and whether it is drawn. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  visible: boolean;
}

/** In the page (self-contained: Playwright sends its source): the boxes of `els`. */
export function readBoxes(els: Element[]): Box[] {
  return els.map((el) => {
    const r = el.getBoundingClientRect();
    const visible = r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
    return { x: r.x, y: r.y, width: r.width, height: r.height, visible };
  });
}

/**
 * What is wrong with `box` at `width` (as expectWithinWidth and expectTouchTarget check it, read in
 * one round trip for many elements): not drawn, cut at an edge, or, for a `target`, under 44 px.
 */
export function boxFaults(box: Box | undefined, what: string, width: number, target = false): string[] {
  if (!box?.visible) return [`${what}: não está visível`];
  const faults: string[] = [];
  if (box.x < 0 || box.x + box.width > width + 0.5)
    faults.push(`${what}: fora da largura (x ${box.x}, largura ${box.width})`);
  if (target && (Math.round(box.height) < TOUCH_TARGET || Math.round(box.width) < TOUCH_TARGET))
    faults.push(`${what}: alvo menor que ${TOUCH_TARGET} px (${box.width}×${box.height})`);
  return faults;
}

/** What a statement row shows, read in the page. */
export interface RowLayout {
  index: string;
  /** Its top in the document (the page scrolled to 0). */
  top: number;
  description: string;
  amount: string;
  boxes: { description: Box; amount: Box; date: Box; receipt: Box | null };
}

/** In the page (self-contained): every entry row drawn now, keyed by its aria-rowindex. */
function readRows(rows: Element[]): RowLayout[] {
  const box = (el: Element | null) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    const visible = r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
    return { x: r.x, y: r.y, width: r.width, height: r.height, visible };
  };
  const none = { x: 0, y: 0, width: 0, height: 0, visible: false };
  return rows.map((row) => {
    const cell = (col: string) => row.querySelector(`[data-col="${col}"]`);
    const receipt = [...row.querySelectorAll('button')].find((b) =>
      (b.getAttribute('aria-label') ?? '').startsWith('Ver comprovante'),
    );
    return {
      index: row.getAttribute('aria-rowindex') ?? '?',
      top: row.getBoundingClientRect().top + window.scrollY,
      description: (cell('history') as HTMLElement | null)?.innerText.trim() ?? '',
      amount: cell('amount')?.textContent ?? '',
      boxes: {
        description: box(cell('history')) ?? none,
        amount: box(cell('amount')) ?? none,
        date: box(cell('date')) ?? none,
        receipt: box(receipt ?? null),
      },
    };
  });
}

/**
 * Every entry row of the statement (the list is windowed: the page is scrolled a screen at a time
 * until its end, and each row drawn is read once), with what is wrong with each at `width`:
 * description, amount and date in view, the description not empty, the amount in reais, the
 * receipt button (when the entry has one) in view and a 44 px target.
 */
export async function readEveryRow(
  page: Page,
  width: number,
): Promise<{ withReceipt: RowLayout[]; faults: string[] }> {
  const seen = new Map<string, RowLayout>();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (;;) {
    for (const row of await entryRows(page).evaluateAll(readRows)) seen.set(row.index, row);
    const more = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight);
      return window.scrollY > before;
    });
    if (!more) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  const faults: string[] = [];
  const withReceipt: RowLayout[] = [];
  for (const row of seen.values()) {
    const what = `linha ${row.index}`;
    faults.push(...boxFaults(row.boxes.description, `${what}, descrição`, width));
    if (row.description === '') faults.push(`${what}: descrição vazia`);
    faults.push(...boxFaults(row.boxes.amount, `${what}, valor`, width));
    if (!/R\$\s?[\d.]+,\d{2}/.test(row.amount)) faults.push(`${what}: valor "${row.amount}"`);
    faults.push(...boxFaults(row.boxes.date, `${what}, data`, width));
    if (row.boxes.receipt) {
      withReceipt.push(row);
      faults.push(...boxFaults(row.boxes.receipt, `${what}, comprovante`, width, true));
    }
  }
  if (seen.size === 0) faults.push('nenhuma linha de lançamento');
  return { withReceipt, faults };
}

/** A dialog covering the whole viewport, with `buttons` within its width: one read. */
export async function expectFullScreenWith(
  page: Page,
  dialog: Locator,
  buttons: readonly string[],
): Promise<void> {
  const size = page.viewportSize()!;
  const [box] = await dialog.evaluateAll(readBoxes);
  expect(box, 'o diálogo tem uma caixa').toBeDefined();
  expect([box!.x, box!.y, box!.width, box!.height].map(Math.round)).toEqual([0, 0, size.width, size.height]);
  const names = buttons.map((name) => dialog.getByRole('button', { name, exact: true }));
  const found = await names.reduce((all, one) => all.or(one)).evaluateAll(readBoxes);
  expect(found, `os botões ${buttons.join(', ')}`).toHaveLength(buttons.length);
  expect(
    found.flatMap((b, i) => boxFaults(b, `botão ${i + 1} de ${buttons.join(', ')}`, size.width)),
  ).toEqual([]);
}
