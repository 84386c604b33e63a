// @vitest-environment jsdom
/**
 * The searchable bank picker (src/ui/bank-select.tsx): search by code or name without accents,
 * the ARIA combobox keyboard, 'Nenhum valor encontrado', and use inside react-final-form.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Field, Form } from 'react-final-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from 'styled-components';
import { BANKS } from '../../../machines/data/banks';
import { validateBankCode } from '../../../machines/validators/recipient-form';
import '../../../src/i18n/i18n';
import { foldForSearch } from '../../../machines/data/institution-search';
import { searchBanks } from '../../../src/ui/bank-search';
import { BankSelect } from '../../../src/ui/bank-select';
import { theme } from '../../../src/ui/theme';

afterEach(cleanup);

describe('searchBanks', () => {
  it('finds by code prefix, by words of the name without accents, and all when blank', () => {
    expect(searchBanks('237').map((b) => b.code)).toEqual(['237']);
    expect(searchBanks('00').every((b) => b.code.startsWith('00'))).toBe(true);
    expect(searchBanks('amazonia').map((b) => b.code)).toContain('003');
    expect(searchBanks('AMAZÔNIA').map((b) => b.code)).toContain('003');
    expect(searchBanks('banco brasil').map((b) => b.code)).toContain('001');
    expect(searchBanks('001 - Banco do Brasil S.A.').map((b) => b.code)).toEqual(['001']);
    expect(searchBanks('   ')).toHaveLength(BANKS.length);
    expect(searchBanks('zzzz nada')).toEqual([]);
    expect(foldForSearch('  Itaú   Unibanco ')).toBe('itau unibanco');
  });

  it('finds a bank by the name customers know it by and by its ISPB (issue 32 item 5)', () => {
    expect(searchBanks('Nubank').map((b) => b.code)).toEqual(['260']);
    expect(searchBanks('nu pagamentos').map((b) => b.code)).toContain('260');
    expect(searchBanks('18236120').map((b) => b.code)).toEqual(['260']);
    expect(searchBanks('picpay').map((b) => b.code)).toContain('380');
  });
});

function Picker({ onSubmit }: { onSubmit: (v: { bankCode?: string }) => void }) {
  return (
    <ThemeProvider theme={theme}>
      <Form<{ bankCode?: string }> onSubmit={onSubmit}>
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <Field<string> name="bankCode" validate={(v) => validateBankCode(v ?? '')}>
              {({ input, meta }) => (
                <BankSelect
                  label="Banco"
                  {...input}
                  error={meta.touched && meta.error ? String(meta.error) : undefined}
                />
              )}
            </Field>
            <button type="submit">Enviar</button>
          </form>
        )}
      </Form>
    </ThemeProvider>
  );
}

// Role queries over 500 options are slow in jsdom; the role is read from the attribute instead.
const options = () => [...document.querySelectorAll<HTMLElement>('[role="option"]')];
const box = () => screen.getByRole('combobox', { name: 'Banco' }) as HTMLInputElement;

describe('BankSelect', () => {
  // The first test of the file: the list has not loaded yet (src/ui/bank-list.ts, issue 26).
  it('says Carregando... while the bank list loads after the first paint, then lists the banks', async () => {
    render(<Picker onSubmit={vi.fn()} />);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(screen.getByText(/Carregando/)).toBeTruthy();
    expect(options()).toHaveLength(0);
    await waitFor(() => expect(options().length).toBe(BANKS.length));
    expect(screen.queryByText(/Carregando/)).toBeNull();
  });

  it('is a labelled combobox whose list opens with ArrowDown, moves, and picks with Enter', () => {
    const onSubmit = vi.fn();
    render(<Picker onSubmit={onSubmit} />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Banco' });
    expect(box().getAttribute('aria-controls')).toBe(listbox.id);
    expect(options()).toHaveLength(BANKS.length);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const active = box().getAttribute('aria-activedescendant');
    expect(active).toBe(options()[1]?.id);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe(`${BANKS[1]?.code} - ${BANKS[1]?.name}`);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).toHaveBeenCalledWith({ bankCode: BANKS[1]?.code }, expect.anything(), expect.anything());
  });

  it('filters as one types, picks with a click, and says Nenhum valor encontrado when nothing matches', () => {
    render(<Picker onSubmit={vi.fn()} />);
    fireEvent.change(box(), { target: { value: 'amazonia' } });
    const option = screen.getByRole('option', { name: /Banco da Amazônia/ });
    fireEvent.click(option);
    expect(box().value).toBe('003 - Banco da Amazônia S.A.');
    fireEvent.change(box(), { target: { value: 'xyzw' } });
    expect(screen.getAllByText('Nenhum valor encontrado').length).toBeGreaterThan(0);
    expect(options()).toHaveLength(0);
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes the list without closing what is around it, then restores the chosen bank', () => {
    const outer = vi.fn();
    render(
      <div onKeyDown={(e) => e.key === 'Escape' && outer()}>
        <Picker onSubmit={vi.fn()} />
      </div>,
    );
    fireEvent.change(box(), { target: { value: 'bradesco' } });
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().value).toBe('bradesco');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().value).toBe('');
    expect(outer).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(outer).toHaveBeenCalledTimes(1);
  });

  it('an emptied field left is no bank, and the required error shows', () => {
    render(<Picker onSubmit={vi.fn()} />);
    fireEvent.change(box(), { target: { value: '237' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toMatch(/^237 - /);
    fireEvent.change(box(), { target: { value: '' } });
    fireEvent.blur(box());
    expect(box().value).toBe('');
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('ERRORS.INPUTS.EMPTY');
  });
});
