// @vitest-environment jsdom
/**
 * The date and month fields follow the portal's language, never the browser's (issue #12): the
 * order typed and shown, the placeholder, the month names, and the value handed out (always
 * `YYYY-MM-DD` / `YYYY-MM`). jsdom's navigator says en-US, so a Portuguese field here is proof.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from 'styled-components';
import { i18n, setLanguage } from '../../../src/i18n/i18n';
import { DateField } from '../../../src/ui/date-field';
import { MonthSelect, monthOptions, monthsBetween } from '../../../src/ui/month-select';
import { theme } from '../../../src/ui/theme';

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('pt-BR'));
  localStorage.clear();
});

function Controlled({ initial = '', onValue }: { initial?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ThemeProvider theme={theme}>
      <DateField
        label="Data inicial"
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2026-01-09')}>
        set
      </button>
    </ThemeProvider>
  );
}

const field = () => screen.getByLabelText('Data inicial') as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('DateField', () => {
  it('in Portuguese takes dd/mm/aaaa, writes the slashes and hands out YYYY-MM-DD', () => {
    expect(navigator.language).toMatch(/^en/);
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    expect(field().placeholder).toBe('dd/mm/aaaa');
    expect(field().inputMode).toBe('numeric');
    expect(screen.getByText('Formato: dd/mm/aaaa')).toBeTruthy();
    fireEvent.change(field(), { target: { value: '0109' } });
    expect(field().value).toBe('01/09');
    expect(value()).toBe('');
    fireEvent.change(field(), { target: { value: '01/09/2026' } });
    expect(value()).toBe('2026-09-01'); // 1 September, day first
    expect(onValue).toHaveBeenLastCalledWith('2026-09-01');
  });

  it('refuses a day that is not in the calendar, and says so when the field is left', () => {
    render(<Controlled initial="2026-02-10" />);
    expect(field().value).toBe('10/02/2026');
    fireEvent.change(field(), { target: { value: '31022026' } });
    expect(field().value).toBe('31/02/2026');
    expect(value()).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(field());
    expect(screen.getByRole('alert').textContent).toContain('Data inválida. Digite no formato dd/mm/aaaa.');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field(), { target: { value: '28/02/2026' } });
    expect(value()).toBe('2026-02-28');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('in English takes mm/dd/yyyy and rewrites the day when the language changes', async () => {
    await act(() => setLanguage('en'));
    render(<Controlled />);
    expect(field().placeholder).toBe('mm/dd/yyyy');
    fireEvent.change(field(), { target: { value: '09012026' } });
    expect(field().value).toBe('09/01/2026');
    expect(value()).toBe('2026-09-01'); // September 1, month first
    await act(() => setLanguage('pt-BR'));
    expect(i18n.language).toBe('pt-BR');
    expect(field().value).toBe('01/09/2026');
    expect(value()).toBe('2026-09-01');
  });

  it('shows a value set from outside', () => {
    render(<Controlled />);
    fireEvent.click(screen.getByRole('button', { name: 'set' }));
    expect(field().value).toBe('09/01/2026');
  });
});

describe('MonthSelect', () => {
  it('lists the months newest first between min and max', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(monthsBetween('2026-02', '2026-01')).toEqual([]);
    expect(monthsBetween('2026-13', '2026-01')).toEqual([]);
  });

  it('names the months in the portal language, not the browser one', async () => {
    const onChange = vi.fn();
    const ui = () => (
      <ThemeProvider theme={theme}>
        <MonthSelect label="Mês" value="2026-11" min="2026-09" max="2026-11" onChange={onChange} />
      </ThemeProvider>
    );
    const { rerender } = render(ui());
    const select = screen.getByRole('combobox', { name: 'Mês' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Novembro de 2026',
      'Outubro de 2026',
      'Setembro de 2026',
    ]);
    fireEvent.change(select, { target: { value: '2026-10' } });
    expect(onChange).toHaveBeenCalledWith('2026-10');
    await act(() => setLanguage('en'));
    rerender(ui());
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'November 2026',
      'October 2026',
      'September 2026',
    ]);
  });

  it('names its months once per range and language: drawing again reuses them (issue 26)', async () => {
    const first = monthOptions('2020-01', '2026-11', 'pt-BR');
    expect(first).toHaveLength(83);
    expect(monthOptions('2020-01', '2026-11', 'pt-BR')).toBe(first);
    expect(monthOptions('2020-01', '2026-10', 'pt-BR')).not.toBe(first);
    expect(monthOptions('2020-01', '2026-11', 'en')[0]?.label).toBe('November 2026');
  });
});
