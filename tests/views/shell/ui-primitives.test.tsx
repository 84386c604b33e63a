// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef, useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../src/i18n/i18n';
import { ThemeProvider } from 'styled-components';
import { Button, IconButton } from '../../../src/ui/button';
import { Checkbox } from '../../../src/ui/checkbox';
import { DataTable } from '../../../src/ui/data-table';
import { Dialog } from '../../../src/ui/dialog';
import { EmptyState } from '../../../src/ui/empty-state';
import { LoadingOverlay } from '../../../src/ui/loading-overlay';
import { PageTitle } from '../../../src/ui/page-title';
import { RadioGroup } from '../../../src/ui/radio-group';
import { Select } from '../../../src/ui/select';
import { Stepper } from '../../../src/ui/stepper';
import { Tabs } from '../../../src/ui/tabs';
import { TextField } from '../../../src/ui/text-field';
import { theme } from '../../../src/ui/theme';
import { MAX_TOASTS, TOAST_MAX_MS, ToastProvider, useToast } from '../../../src/ui/toasts';
import { VirtualList } from '../../../src/ui/virtual-list';

const renderUi = (ui: ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Button and IconButton', () => {
  it('a loading button is busy and ignores clicks', () => {
    const onClick = vi.fn();
    renderUi(
      <Button loading onClick={onClick}>
        Entrar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Entrar' });
    expect(button).toHaveProperty('ariaBusy', 'true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('a normal button clicks and is not busy', () => {
    const onClick = vi.fn();
    renderUi(<Button onClick={onClick}>Entrar</Button>);
    const button = screen.getByRole('button', { name: 'Entrar' });
    expect(button.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(button.getAttribute('type')).toBe('button');
  });

  it('an icon button is named by its aria-label', () => {
    renderUi(<IconButton aria-label="Fechar">x</IconButton>);
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeTruthy();
  });
});

describe('TextField', () => {
  it('ties label, helper and error together and announces the error', () => {
    const { rerender } = renderUi(<TextField label="Usuário" helperText="Insira o usuário" />);
    const input = screen.getByLabelText('Usuário');
    const helper = screen.getByText('Insira o usuário');
    expect(input.getAttribute('aria-describedby')).toBe(helper.id);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(
      <ThemeProvider theme={theme}>
        <TextField label="Usuário" helperText="Insira o usuário" error="Campo obrigatório" />
      </ThemeProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Campo obrigatório');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual([alert.id, helper.id]);
  });

  it('a password field can be shown and hidden', () => {
    renderUi(<TextField label="Senha" type="password" />);
    const input = screen.getByLabelText('Senha');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(input.getAttribute('type')).toBe('text');
    const hide = screen.getByRole('button', { name: 'Ocultar senha' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(hide);
    expect(input.getAttribute('type')).toBe('password');
  });
});

describe('Select, RadioGroup and Checkbox', () => {
  it('select is labelled and reports errors', () => {
    renderUi(
      <Select
        label="Estado"
        placeholder="Selecione"
        options={[{ value: 'SP', label: 'SP - São Paulo' }]}
        error="Campo obrigatório"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Estado' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('option', { name: 'SP - São Paulo' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Campo obrigatório');
  });

  it('radio group is a named group of radios', () => {
    function Harness() {
      const [value, setValue] = useState('2');
      return (
        <RadioGroup
          legend="Período"
          name="period"
          value={value}
          onChange={setValue}
          options={[
            { value: '1', label: 'Último dia' },
            { value: '2', label: 'Últimos 7 dias' },
          ]}
        />
      );
    }
    renderUi(<Harness />);
    const group = screen.getByRole('group', { name: 'Período' });
    expect((within(group).getByRole('radio', { name: 'Últimos 7 dias' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(group).getByRole('radio', { name: 'Último dia' }));
    expect((screen.getByRole('radio', { name: 'Último dia' }) as HTMLInputElement).checked).toBe(true);
  });

  it('checkbox is labelled', () => {
    const onChange = vi.fn();
    renderUi(<Checkbox label="Marcar todas como lidas" onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Marcar todas como lidas' }));
    expect(onChange).toHaveBeenCalledOnce();
  });
});

describe('Dialog', () => {
  function Harness({ fullScreen = false }: { fullScreen?: boolean }) {
    const [open, setOpen] = useState(false);
    const ref = useRef<HTMLButtonElement>(null);
    return (
      <>
        <button ref={ref} onClick={() => setOpen(true)}>
          Exportar
        </button>
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title="Exportar extrato"
          fullScreen={fullScreen}
          actions={<button>PDF</button>}
        >
          <label>
            Início <input />
          </label>
        </Dialog>
      </>
    );
  }

  it('moves focus in, traps Tab, closes on Escape and returns focus', () => {
    renderUi(<Harness />);
    const opener = screen.getByRole('button', { name: 'Exportar' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Exportar extrato' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Início'));

    // Tab from the last control wraps to the first (the close button), Shift+Tab back to the last.
    const pdf = screen.getByRole('button', { name: 'PDF' });
    pdf.focus();
    fireEvent.keyDown(pdf, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fechar' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(pdf);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('the close button closes it', () => {
    renderUi(<Harness fullScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Toasts', () => {
  function Shouter() {
    const toast = useToast();
    return (
      <>
        <button onClick={() => toast.success(`ok ${Math.random()}`)}>sucesso</button>
        <button onClick={() => toast.error('Falhou')}>erro</button>
        <button onClick={() => toast.info('Lento', 60_000)}>longo</button>
      </>
    );
  }

  it('shows at most three, errors as alerts, successes as status', () => {
    renderUi(
      <ToastProvider>
        <Shouter />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'erro' }));
    expect(screen.getByRole('alert').textContent).toContain('Falhou');
    for (let i = 0; i < 4; i += 1) fireEvent.click(screen.getByRole('button', { name: 'sucesso' }));
    expect(screen.getAllByRole('status')).toHaveLength(MAX_TOASTS);
    expect(screen.queryByRole('alert')).toBeNull(); // the oldest went first
  });

  it('the same message is not stacked twice', () => {
    renderUi(
      <ToastProvider>
        <Shouter />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'erro' }));
    fireEvent.click(screen.getByRole('button', { name: 'erro' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('dismisses itself within the bound, even when asked for longer', () => {
    vi.useFakeTimers();
    renderUi(
      <ToastProvider>
        <Shouter />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'longo' }));
    expect(screen.getByRole('status').textContent).toContain('Lento');
    act(() => vi.advanceTimersByTime(TOAST_MAX_MS + 1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('can be closed by the user', () => {
    renderUi(
      <ToastProvider>
        <Shouter />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'erro' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fechar mensagem' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('LoadingOverlay', () => {
  it('is a live status and, after the bound, says it is still working and offers cancel', () => {
    vi.useFakeTimers();
    const onCancel = vi.fn();
    renderUi(
      <LoadingOverlay open label="Carregando extrato..." stillWorkingAfter={1000} onCancel={onCancel} />,
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Carregando extrato...');
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(status.textContent).toMatch(/demorando mais que o normal/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('renders nothing when closed', () => {
    renderUi(<LoadingOverlay open={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('VirtualList and DataTable (windowing)', () => {
  const items = Array.from({ length: 5000 }, (_, i) => ({ id: i, text: `Lançamento ${i + 1}` }));

  it('mounts only the visible rows plus overscan and follows the scroll', () => {
    renderUi(
      <VirtualList
        aria-label="Extrato"
        items={items}
        rowHeight={40}
        height={400}
        overscan={5}
        getKey={(x) => x.id}
        renderItem={(x) => x.text}
      />,
    );
    const list = screen.getByRole('list', { name: 'Extrato' });
    expect(list.getAttribute('tabindex')).toBe('0');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(15); // 10 visible + 5 below
    expect(rows[0]?.getAttribute('aria-setsize')).toBe('5000');

    list.scrollTop = 40 * 2000;
    fireEvent.scroll(list);
    expect(screen.getByText('Lançamento 2001')).toBeTruthy();
    expect(screen.queryByText('Lançamento 1')).toBeNull();
    expect(within(list).getAllByRole('listitem').length).toBeLessThanOrEqual(21);
  });

  it('scrolls with the keyboard (End, Home, arrows)', () => {
    renderUi(
      <VirtualList
        aria-label="Extrato"
        items={items}
        rowHeight={40}
        height={400}
        getKey={(x) => x.id}
        renderItem={(x) => x.text}
      />,
    );
    const list = screen.getByRole('list', { name: 'Extrato' });
    fireEvent.keyDown(list, { key: 'End' });
    expect(screen.getByText('Lançamento 5000')).toBeTruthy();
    fireEvent.keyDown(list, { key: 'Home' });
    expect(screen.getByText('Lançamento 1')).toBeTruthy();
    fireEvent.keyDown(list, { key: 'PageDown' });
    fireEvent.keyDown(list, { key: 'PageDown' });
    expect(screen.getByText('Lançamento 25')).toBeTruthy();
  });

  it('the table keeps its true size in aria-rowcount and names its columns', () => {
    renderUi(
      <DataTable
        aria-label="Lançamentos"
        rows={items}
        rowHeight={48}
        height={480}
        getKey={(x) => x.id}
        columns={[
          { id: 'h', header: 'Histórico', cell: (x) => x.text },
          { id: 'v', header: 'Valor', cell: (x) => String(x.id), align: 'end' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Lançamentos' });
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Histórico', 'Valor']);
    expect(within(table).getAllByRole('row').length).toBeLessThan(30);
    expect(
      screen
        .getByRole('cell', { name: 'Lançamento 1' })
        .closest('[role="row"]')
        ?.getAttribute('aria-rowindex'),
    ).toBe('2');
  });
});

describe('Tabs, Stepper, PageTitle, EmptyState', () => {
  it('tabs switch with arrows and expose selection', () => {
    function Harness() {
      const [sel, setSel] = useState('a');
      return (
        <Tabs
          aria-label="Notificações"
          selected={sel}
          onSelect={setSel}
          tabs={[
            { id: 'a', label: 'Novas', panel: 'painel novas' },
            { id: 'b', label: 'Lidas', panel: 'painel lidas' },
          ]}
        />
      );
    }
    renderUi(<Harness />);
    const novas = screen.getByRole('tab', { name: 'Novas' });
    expect(novas.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('painel novas');
    fireEvent.keyDown(novas, { key: 'ArrowRight' });
    const lidas = screen.getByRole('tab', { name: 'Lidas' });
    expect(lidas.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(lidas);
    expect(screen.getByRole('tabpanel', { name: 'Lidas' }).textContent).toBe('painel lidas');
  });

  it('stepper marks the current step', () => {
    renderUi(<Stepper steps={['Dados', 'Confirmação', 'Comprovante']} current={1} />);
    const current = screen.getByText('Confirmação').closest('li');
    expect(current?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('list', { name: 'Etapas' })).toBeTruthy();
  });

  it('page title is a focusable h1; empty state shows its message', () => {
    renderUi(
      <>
        <PageTitle>Extrato</PageTitle>
        <EmptyState title="Nenhum registro encontrado!" />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Extrato' }).getAttribute('tabindex')).toBe('-1');
    expect(screen.getByText('Nenhum registro encontrado!')).toBeTruthy();
  });
});
