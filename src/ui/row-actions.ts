/**
 * A row action of a list: an icon button on a row that opens its own dialog (the Pix statement's
 * refund and fraud report, 3-pix-part-one.md §5). The list that draws the rows owns no knowledge
 * of the actions: it renders, for each row, the icon of every action `available` for it, named by
 * `labelKey`, and mounts the action's lazily loaded `Dialog` when it is pressed. The dialog says
 * when it closes whether it changed the row (`onClose(true)`: the list reloads).
 *
 * Generic and in src/ui because the list (src/features/statement) and the actions (another area)
 * may not import each other; the composition root (src/app) gives the list its actions.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ActionIconName } from './action-icons';

/** What an action's dialog receives. */
export interface RowDialogProps<Entry> {
  entry: Entry;
  /** Closes the dialog; `changed` when the row's data changed (the list then reloads). */
  onClose: (changed: boolean) => void;
}

/** One action of a row. */
export interface RowAction<Entry> {
  /** Stable id ('refund', 'report'), also the `data-row-action` of the button. */
  id: string;
  /**
   * i18n key of the icon button's accessible name (and tooltip); the list passes the row's
   * `description` and formatted `amount` as interpolation values.
   */
  labelKey: string;
  /** i18n key of the short label shown on hover and focus ('Devolver'; issue 32). */
  tipKey: string;
  /**
   * The button's icon, by name (src/ui/action-icons.tsx; not src/ui/icons.tsx, which /login's
   * first load carries).
   */
  icon: ActionIconName;
  /** Whether the row offers the action now (the rule of the spec; `now` is the page's clock). */
  available: (entry: Entry, now: Date) => boolean;
  /** The dialog, loaded on first use. */
  Dialog: LazyExoticComponent<ComponentType<RowDialogProps<Entry>>>;
}
