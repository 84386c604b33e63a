// @vitest-environment jsdom
/**
 * Windowing scrolled by the page (issue 32: on phones the statement was a 480 px box scrolling
 * inside the page, trapping the thumb): the element is as tall as its rows, and the rows mounted
 * are those in the browser's viewport, following the page's scroll.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWindowing } from '../../../src/ui/windowing';

const ROW = 80;

function Rows({ count }: { count: number }) {
  const w = useWindowing({ count, rowHeight: ROW, height: count * ROW, overscan: 2, scroller: 'window' });
  const shown = [];
  for (let i = w.start; i < w.end; i += 1) shown.push(<li key={i}>{`Lançamento ${i + 1}`}</li>);
  return (
    <div ref={w.ref} data-testid="body" style={{ height: w.totalHeight }}>
      <ul>{shown}</ul>
    </div>
  );
}

/** Puts the element's top `top` px from the viewport's (negative: scrolled past) and tells the page. */
function scrollPageTo(top: number) {
  const body = screen.getByTestId('body');
  body.getBoundingClientRect = () => ({ top, bottom: top + 1000 * ROW }) as DOMRect;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(cleanup);

describe('windowing scrolled by the page', () => {
  it("mounts the rows in the browser's viewport and follows the page's scroll", () => {
    window.innerHeight = 800;
    render(<Rows count={1000} />);
    scrollPageTo(200); // the list starts 200 px down the viewport: rows 1 to 10 are in view
    expect(screen.getByText('Lançamento 1')).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeLessThanOrEqual(10 + 2);

    scrollPageTo(-40 * ROW); // 40 rows scrolled past
    expect(screen.queryByText('Lançamento 1')).toBeNull();
    expect(screen.getByText('Lançamento 41')).toBeTruthy();
    expect(screen.getByText('Lançamento 50')).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeLessThanOrEqual(10 + 4);
  });
});
